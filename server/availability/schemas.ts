// Input of spec §7's ByOffer/ByTour availability calls. Pure: the route handlers parse with it and
// the date picker never asks for more than it allows (one calendar month).
import 'server-only';
import { z } from 'zod';
import { EARLIEST_DAY, isCalendarDay, LATEST_DAY } from '@/shared/dates';

/** The longest range one call may ask for, in days, both ends included (two calendar months). */
export const MAX_AVAILABILITY_DAYS = 62;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (`yyyy-MM-dd` dates). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const isClean = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

/** A calendar day, within the years the portal keeps (a far-off year overflows the month arithmetic). */
const day = () =>
  z.iso
    .date({ error: 'Must be a date (yyyy-MM-dd)', abort: true })
    .refine((value) => isCalendarDay(value), { error: `Must be a date from ${EARLIEST_DAY} to ${LATEST_DAY}`, abort: true });

export const availabilityQuerySchema = z
  .object({
    id: z.uuid({ error: 'Must be an id' }),
    from: day(),
    to: day(),
  })
  // Only once both dates are valid (zod runs refinements after a field's format check fails).
  .refine(({ from, to }) => from <= to, { error: 'Must not be before from', path: ['to'], when: isClean })
  .refine(({ from, to }) => daysInRange(from, to) <= MAX_AVAILABILITY_DAYS, {
    error: `The range may span at most ${MAX_AVAILABILITY_DAYS} days`,
    path: ['to'],
    when: isClean,
  });

export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;
