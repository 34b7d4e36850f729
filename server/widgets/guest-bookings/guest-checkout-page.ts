import 'server-only';
import { addDays, format } from 'date-fns';
import { loadLiveOfferAvailability } from '@/server/availability/offer-availability';
import type { Database } from '@/server/db/connection';
import { dubaiToday } from '@/shared/availability/rules';

/** How far ahead a guest may book online. */
const BOOKABLE_DAYS = 60;

export type GuestBookableDay = { date: string; times: string[] };

/**
 * The days a guest can book the offer online, with their start times: live slots with stock left
 * and automatic confirmation still open. A guest pays at once, so a request (no live availability,
 * cut-off passed) is not offered; the agency takes those in the portal.
 */
export async function loadGuestBookableDays(db: Database, offerId: string, now = new Date()): Promise<GuestBookableDay[]> {
  const from = dubaiToday(now);
  const to = format(addDays(new Date(`${from}T00:00:00Z`), BOOKABLE_DAYS), 'yyyy-MM-dd');
  const availability = await loadLiveOfferAvailability(db, offerId, { from, to }, now);
  if (!availability || !availability.hasLiveAvailability) return [];
  return availability.days.flatMap((day) => {
    const times = day.slots.filter((slot) => !slot.pastCutOff && slot.left >= availability.minPeople).map((slot) => slot.time);
    return times.length > 0 ? [{ date: day.date, times }] : [];
  });
}
