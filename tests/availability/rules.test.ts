import { dubaiInstant, dubaiToday, isPastCutOff, payingPeople, requestReason, stockProblem, stockTaken } from '@/shared/availability/rules';

const shared = (left: number) => ({ left, leftAdults: null, leftChildren: null });
const perType = (leftAdults: number, leftChildren: number) => ({ left: leftAdults + leftChildren, leftAdults, leftChildren });
const guests = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });

describe('stock (spec §5)', () => {
  it('shared stock: the total left covers adults, children and infants together', () => {
    expect(stockProblem('shared', shared(5), guests(2, 2, 1), 1)).toBeNull();
    expect(stockProblem('shared', shared(5), guests(2, 2, 2), 1)).toEqual({ code: 'soldOut', max: 5 });
    expect(stockProblem('shared', shared(0), guests(1), 1)).toEqual({ code: 'soldOut', max: 0 });
  });

  it('per-type stock: adult tickets cover adults and child tickets cover children; infants need none', () => {
    expect(stockProblem('per_type', perType(2, 1), guests(2, 1, 3), 1)).toBeNull();
    expect(stockProblem('per_type', perType(2, 5), guests(3, 0), 1)).toEqual({ code: 'soldOut', max: 2 });
    expect(stockProblem('per_type', perType(9, 1), guests(1, 2), 1)).toEqual({ code: 'soldOut', max: 1 });
  });

  it('per-type stock with missing per-type counters has nothing to sell', () => {
    expect(stockProblem('per_type', shared(10), guests(1), 1)).toEqual({ code: 'soldOut', max: 0 });
  });

  it('checks the minimum number of people first, counting adults and children but not infants', () => {
    expect(stockProblem('shared', shared(10), guests(1, 0, 3), 2)).toEqual({ code: 'minPeople', min: 2 });
    expect(stockProblem('shared', shared(10), guests(1, 1), 2)).toBeNull();
    expect(stockProblem('per_type', perType(0, 0), guests(1), 2)).toEqual({ code: 'minPeople', min: 2 });
    expect(payingPeople(guests(2, 3, 4))).toBe(5);
  });

  it('takes from the pools the mode counts', () => {
    expect(stockTaken('shared', guests(2, 1, 1))).toEqual({ left: 4, leftAdults: 0, leftChildren: 0 });
    expect(stockTaken('per_type', guests(2, 1, 1))).toEqual({ left: 3, leftAdults: 2, leftChildren: 1 });
  });
});

describe('Asia/Dubai dates and the cut-off', () => {
  it('reads today in Dubai (UTC+4), which turns over at 20:00 UTC', () => {
    expect(dubaiToday(new Date('2026-11-21T19:59:59Z'))).toBe('2026-11-21');
    expect(dubaiToday(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
  });

  it('places a slot’s start at its local time in Dubai', () => {
    expect(dubaiInstant('2026-12-01', '10:00').toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(dubaiInstant('2026-12-01', null).toISOString()).toBe('2026-11-30T20:00:00.000Z');
  });

  it('closes automatic confirmation exactly at the start time less the cut-off hours', () => {
    // 10:00 Dubai with a 6-hour cut-off closes at 04:00 Dubai = 00:00 UTC.
    const closes = new Date('2026-12-01T00:00:00Z');
    expect(isPastCutOff('2026-12-01', '10:00', 6, new Date(closes.getTime() - 1))).toBe(false);
    expect(isPastCutOff('2026-12-01', '10:00', 6, closes)).toBe(true);
    expect(isPastCutOff('2026-12-01', '10:00', 6, new Date(closes.getTime() + 1))).toBe(true);
  });

  it('crosses midnight: a 24-hour cut-off closes the previous day', () => {
    expect(isPastCutOff('2026-12-02', '08:00', 24, new Date('2026-12-01T03:59:00Z'))).toBe(false);
    expect(isPastCutOff('2026-12-02', '08:00', 24, new Date('2026-12-01T04:00:00Z'))).toBe(true);
  });
});

describe('request reason', () => {
  const base = { date: '2026-12-01', time: '10:00', cutOffHours: 6, now: new Date('2026-11-30T12:00:00Z') };

  it('is none for live availability before the cut-off', () => {
    expect(requestReason({ ...base, hasLiveAvailability: true })).toBeNull();
  });

  it('makes a request without live availability, whatever the time', () => {
    expect(requestReason({ ...base, hasLiveAvailability: false })).toBe('noLiveAvailability');
    expect(requestReason({ ...base, hasLiveAvailability: false, now: new Date('2026-12-01T05:00:00Z') })).toBe('noLiveAvailability');
  });

  it('makes a request once the cut-off has passed', () => {
    expect(requestReason({ ...base, hasLiveAvailability: true, now: new Date('2026-12-01T00:00:00Z') })).toBe('cutOffPassed');
  });

  it('makes a request when the agent books with an agent', () => {
    expect(requestReason({ ...base, hasLiveAvailability: true, bookWithAgent: true })).toBe('bookWithAgent');
  });
});
