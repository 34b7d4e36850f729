import { describe, expect, it } from 'vitest';
import { halfBudgets, refusalCounts } from '../../bench/lib/booking-outcomes.mjs';

// The booking workload's balance and card phases book the same slots, each within half of what a
// slot can take, and any attempt that did not book fails the run.

describe('halfBudgets', () => {
  it('gives each path half of what a slot can still take, and leaves out slots with nothing to share', () => {
    const slots = [
      { offerId: 'a', date: '2026-12-10', time: '09:00', adults: 2, budget: 9 },
      { offerId: 'a', date: '2026-12-11', time: '09:00', adults: 2, budget: 2 },
      { offerId: 'b', date: '2026-12-10', time: null, adults: 2, budget: 1 },
    ];
    expect(halfBudgets(slots)).toEqual([
      { offerId: 'a', date: '2026-12-10', time: '09:00', adults: 2, budget: 4 },
      { offerId: 'a', date: '2026-12-11', time: '09:00', adults: 2, budget: 1 },
    ]);
    // The caller's slots are left as they were: the other path gets its own half.
    expect(slots[0]!.budget).toBe(9);
  });
});

describe('refusalCounts', () => {
  const clean = { attempts: 120, statuses: { 201: 120 }, errors: 0 };

  it('counts nothing when every attempt booked', () => {
    expect(refusalCounts(clean, clean, { outcomes: { completed: 40 }, errors: 0 })).toEqual({ bookings: 0, balanceBookings: 0, cardCheckouts: 0, total: 0 });
  });

  it('counts refusals for money, sold-out answers, errors and card checkouts that did not complete', () => {
    const balance = { attempts: 1243, statuses: { 201: 50, 422: 1193 }, errors: 2 };
    const card = { outcomes: { completed: 30, 'book 422 adults: Sold out': 3, 'not settled': 1 }, errors: 1 };
    expect(refusalCounts({ attempts: 10, statuses: { 201: 10 }, errors: 1 }, balance, card)).toEqual({ bookings: 1, balanceBookings: 1195, cardCheckouts: 5, total: 1201 });
  });
});
