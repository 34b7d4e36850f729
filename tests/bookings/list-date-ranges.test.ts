import { invertedDateRanges, parseBookingListQuery } from '@/shared/bookings/list-schema';

// A date range whose end is before its start is named, so the list points at it.
describe('invertedDateRanges', () => {
  it('names a travel range that ends before it starts, from the URL as the list reads it', () => {
    const query = parseBookingListQuery({ travelFrom: '2026-12-20', travelTo: '2026-12-01' });
    expect(invertedDateRanges(query)).toEqual(['travel']);
  });

  it('names a booking-date range, and both when both are inverted', () => {
    expect(invertedDateRanges({ bookedFrom: '2026-03-02', bookedTo: '2026-03-01' })).toEqual(['booked']);
    expect(invertedDateRanges({ bookedFrom: '2026-03-02', bookedTo: '2026-03-01', travelFrom: '2027-01-01', travelTo: '2026-12-31' })).toEqual([
      'booked',
      'travel',
    ]);
  });

  it('accepts a one-day range and a range across a year end', () => {
    expect(invertedDateRanges({ travelFrom: '2026-12-01', travelTo: '2026-12-01' })).toEqual([]);
    expect(invertedDateRanges({ travelFrom: '2026-12-31', travelTo: '2027-01-01' })).toEqual([]);
  });

  it('never calls a range open at either end inverted', () => {
    expect(invertedDateRanges({ travelFrom: '2026-12-20' })).toEqual([]);
    expect(invertedDateRanges({ bookedTo: '2026-01-01' })).toEqual([]);
    expect(invertedDateRanges({})).toEqual([]);
  });

  it('ignores a day that does not parse: the schema drops it before the check', () => {
    const query = parseBookingListQuery({ travelFrom: '2026-12-20', travelTo: '2026-02-30' });
    expect(query.travelTo).toBeUndefined();
    expect(invertedDateRanges(query)).toEqual([]);
  });
});
