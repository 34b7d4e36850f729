import { availabilityQuerySchema, daysInRange } from '@/server/availability/schemas';

const id = '7b0f3a52-1c8e-4c1b-9d0e-2f4b5a6c7d8e';
const problems = (query: Record<string, string>) => {
  const parsed = availabilityQuerySchema.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ fieldName: issue.path.join('.'), errorMessage: issue.message }));
};

describe('availability query (spec §7 ByOffer/ByTour)', () => {
  it('accepts an id and a range of up to 62 days, both ends included', () => {
    expect(daysInRange('2026-01-01', '2026-03-03')).toBe(62);
    expect(problems({ id, from: '2026-01-01', to: '2026-03-03' })).toEqual([]);
    expect(problems({ id, from: '2026-12-05', to: '2026-12-05' })).toEqual([]);
  });

  it('refuses longer and backwards ranges', () => {
    expect(problems({ id, from: '2026-01-01', to: '2026-03-04' })).toEqual([{ fieldName: 'to', errorMessage: 'The range may span at most 62 days' }]);
    expect(problems({ id, from: '2026-03-01', to: '2026-01-05' })).toEqual([{ fieldName: 'to', errorMessage: 'Must not be before from' }]);
  });

  it('names each missing or malformed field once', () => {
    expect(problems({ id: 'x', from: '2026-13-01', to: '2026-01-01' })).toEqual([
      { fieldName: 'id', errorMessage: 'Must be an id' },
      { fieldName: 'from', errorMessage: 'Must be a date (yyyy-MM-dd)' },
    ]);
    expect(problems({}).map((item) => item.fieldName)).toEqual(['id', 'from', 'to']);
  });

  it('refuses a day outside the calendar the portal keeps, and a control character', () => {
    expect(problems({ id, from: '9999-12-01', to: '9999-12-31' })).toEqual([
      { fieldName: 'from', errorMessage: 'Must be a date from 2000-01-01 to 2100-12-31' },
      { fieldName: 'to', errorMessage: 'Must be a date from 2000-01-01 to 2100-12-31' },
    ]);
    expect(problems({ id, from: '0000-01-01', to: '2026-01-01' })).toEqual([{ fieldName: 'from', errorMessage: 'Must be a date from 2000-01-01 to 2100-12-31' }]);
    expect(problems({ id: `${id}\u0000`, from: '2026-01-01\u0000', to: '2026-01-02' })).toEqual([
      { fieldName: 'id', errorMessage: 'Must be an id' },
      { fieldName: 'from', errorMessage: 'Must be a date (yyyy-MM-dd)' },
    ]);
  });
});
