import { companySchema, isValidIban } from '@/shared/agencies/company-schema';

const VALID = {
  name: 'Gulf Horizons Tours',
  trn: '100345678900003',
  tradeLicenceExpiry: '2027-03-31',
  bankIban: 'AE07 0331 2345 6789 0123 456',
  bankSwift: 'ebilaead',
  contractValidFrom: '2026-01-01',
  contractValidTo: '2026-12-31',
  operationsPrimaryEmail: 'Ops@GulfHorizons.test',
  accountsPrimaryContactName: 'Priya Nair',
  supportMobile: '+971 55 234 5602',
};

function fieldErrors(input: Record<string, string>): Record<string, string[] | undefined> {
  const result = companySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), [issue.message]]));
}

describe('IBAN (ISO 13616 mod-97)', () => {
  it('accepts valid IBANs of several countries', () => {
    expect(isValidIban('AE070331234567890123456')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
  });

  it('refuses a wrong check digit, a swapped digit and a malformed value', () => {
    expect(isValidIban('AE080331234567890123456')).toBe(false);
    expect(isValidIban('GB82WEST12345698765423')).toBe(false);
    expect(isValidIban('GB82 WEST')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('company settings form', () => {
  it('normalises IBAN, SWIFT and e-mails and leaves empty optional fields empty', () => {
    const parsed = companySchema.parse(VALID);
    expect(parsed).toMatchObject({
      bankIban: 'AE070331234567890123456',
      bankSwift: 'EBILAEAD',
      operationsPrimaryEmail: 'ops@gulfhorizons.test',
      address: '',
      signatoryName: '',
      bankNotes: '',
    });
  });

  it('accepts a form with only the company name', () => {
    expect(companySchema.safeParse({ name: 'Palm Coast Holidays' }).success).toBe(true);
  });

  it('refuses each bad field at that field with its message', () => {
    expect(fieldErrors({ ...VALID, name: '  ' })).toEqual({ name: ['company.errors.required'] });
    expect(fieldErrors({ ...VALID, bankIban: 'AE08 0331 2345 6789 0123 456' })).toEqual({ bankIban: ['company.errors.iban'] });
    expect(fieldErrors({ ...VALID, trn: '12345' })).toEqual({ trn: ['company.errors.trn'] });
    expect(fieldErrors({ ...VALID, bankSwift: 'EBIL' })).toEqual({ bankSwift: ['company.errors.swift'] });
    expect(fieldErrors({ ...VALID, supportEmail: 'support-at-agency' })).toEqual({ supportEmail: ['company.errors.email'] });
    expect(fieldErrors({ ...VALID, operationsPrimaryLine: 'call me' })).toEqual({ operationsPrimaryLine: ['company.errors.phone'] });
    expect(fieldErrors({ ...VALID, signatoryName: 'R2-D2' })).toEqual({ signatoryName: ['company.errors.personName'] });
    expect(fieldErrors({ ...VALID, tradeLicenceExpiry: '2027-02-30' })).toEqual({ tradeLicenceExpiry: ['company.errors.date'] });
  });

  it('refuses a contract that ends before it starts, at the end date; the same day is fine', () => {
    expect(fieldErrors({ ...VALID, contractValidTo: '2025-12-31' })).toEqual({ contractValidTo: ['company.errors.contractDates'] });
    expect(companySchema.safeParse({ ...VALID, contractValidTo: VALID.contractValidFrom }).success).toBe(true);
  });

  it('reports every bad field at once', () => {
    expect(fieldErrors({ ...VALID, trn: 'x', bankIban: 'GB00', contractValidTo: '2025-12-31' })).toEqual({
      trn: ['company.errors.trn'],
      bankIban: ['company.errors.iban'],
      contractValidTo: ['company.errors.contractDates'],
    });
  });
});
