// Calendar days (`yyyy-MM-dd`) and months (`yyyy-MM`) as they arrive in forms, URLs and JSON.
// Client-safe and pure. A value must be a real date of the calendar and lie within the window the
// portal works in. Far-off years overflow the day arithmetic (the day after 9999-12-31 is no ISO
// date) and PostgreSQL refuses year 0, and either answered 500.
import { z } from 'zod';

/** The first and last day any date in the portal may be: bookings, filters, licences, contracts, statements. */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2100-12-31';
export const EARLIEST_MONTH = EARLIEST_DAY.slice(0, 7);
export const LATEST_MONTH = LATEST_DAY.slice(0, 7);

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export type DayWindow = { min?: string; max?: string };

/**
 * Whether `value` is a day of the calendar (no 30 February) within [min, max], by default
 * EARLIEST_DAY … LATEST_DAY. `yyyy-MM-dd` strings compare as the days they name.
 */
export function isCalendarDay(value: unknown, window: DayWindow = {}): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  if (value < (window.min ?? EARLIEST_DAY) || value > (window.max ?? LATEST_DAY)) return false;
  // A day that does not exist rolls over into the next month.
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** Whether `value` is a month `yyyy-MM` within EARLIEST_MONTH … LATEST_MONTH. */
export function isCalendarMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH_PATTERN.test(value) && value >= EARLIEST_MONTH && value <= LATEST_MONTH;
}

/** A `yyyy-MM-dd` field: a calendar day within the window, or `error` (a message key). */
export function calendarDay(error: string, window: DayWindow = {}) {
  return z.string({ error }).refine((value) => isCalendarDay(value, window), { error, abort: true });
}
