import { companySchema, isTradeLicenceExpired } from '@/shared/agencies/company-schema';

// The licence's expiry rule: sign-up and a changed expiry in the company settings refuse a past
// day (tests/account/sign-up.test.ts, tests/agencies/update-company.test.ts); the form warns.
describe('isTradeLicenceExpired', () => {
  const today = '2026-11-25';

  it('is expired from the day after the expiry date (Dubai days)', () => {
    expect(isTradeLicenceExpired('2026-11-24', today)).toBe(true);
    expect(isTradeLicenceExpired('2024-01-31', today)).toBe(true);
  });

  it('is still valid on its expiry day and after', () => {
    expect(isTradeLicenceExpired('2026-11-25', today)).toBe(false);
    expect(isTradeLicenceExpired('2027-03-31', today)).toBe(false);
  });

  it('says nothing about an empty or malformed date (the schema reports those)', () => {
    expect(isTradeLicenceExpired('', today)).toBe(false);
    expect(isTradeLicenceExpired('31/01/2024', today)).toBe(false);
    expect(isTradeLicenceExpired('2024-02-30', today)).toBe(false);
  });

  it('does not refuse the save: the schema accepts an expired licence', () => {
    const result = companySchema.safeParse({ name: 'Gulf Horizons Tours', tradeLicenceExpiry: '2024-01-31' });
    expect(result.success).toBe(true);
    expect(isTradeLicenceExpired(result.data!.tradeLicenceExpiry, today)).toBe(true);
  });
});
