import 'server-only';
import type { Database } from '@/server/db/connection';
import { type AvailabilitySlot, loadOfferAvailability } from '@/server/availability/queries';
import { daysInRange, MAX_AVAILABILITY_DAYS } from '@/server/availability/schemas';
import { dubaiInstant, dubaiToday, type GuestCounts, stockProblem } from '@/shared/availability/rules';
import { invalidId, OctoError } from './octo-errors';
import { isUuid, loadOctoOffers, loadOctoOption, type OctoOfferRow } from './octo-catalogue';
import { isOctoUnit, octoPricing, unitPricing } from './octo-pricing';
import type { AvailabilityBody, CalendarBody } from './octo-schemas';

// OCTO's availability check and calendar over our slots (docs/octo-api.md#availability): one
// availability per slot, its id the offer and the slot's local date and start time; an
// opening-hours offer has one slot a day, starting at the day's opening time and open for the
// tour's duration. Read live, like the picker (server/availability/queries.ts).

const DUBAI_OFFSET = '+04:00';

/** A slot's availability id: the offer and the slot's local date and start time. */
export function availabilityIdOf(offerId: string, date: string, time: string): string {
  return `${offerId}_${date}T${time}`;
}

export function parseAvailabilityId(id: string): { offerId: string; date: string; time: string } | null {
  const match = /^([0-9a-f-]{36})_(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/i.exec(id);
  if (!match || !isUuid(match[1]!)) return null;
  return { offerId: match[1]!.toLowerCase(), date: match[2]!, time: match[3]! };
}

/** An instant as Dubai local time with its offset, `yyyy-MM-ddTHH:mm:ss+04:00` (OCTO's local date-times). */
export function dubaiLocalDateTime(instant: Date): string {
  const wall = new Date(instant.getTime() + 4 * 3_600_000).toISOString().slice(0, 19);
  return `${wall}${DUBAI_OFFSET}`;
}

/** OCTO's UTC timestamps: ISO 8601 in UTC without milliseconds. */
export function utc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

/** The product and option a request names, or OCTO's error for the first it does not know. */
export async function resolveOption(db: Database, productId: string, optionId: string, now: Date): Promise<OctoOfferRow> {
  const option = await loadOctoOption(db, productId, optionId);
  if (option) return option;
  throw await optionNotFound(db, productId, optionId, now);
}

/** OCTO's error for a product and option that name no resellable option: which of the two ids is not ours. */
export async function optionNotFound(db: Database, productId: string, optionId: string, now: Date): Promise<OctoError> {
  const ofProduct = isUuid(productId) ? await loadOctoOffers(db, { tourId: productId.toLowerCase() }, now) : [];
  return ofProduct.length === 0 ? invalidId('INVALID_PRODUCT_ID', productId) : invalidId('INVALID_OPTION_ID', optionId);
}

/** The head count of OCTO's `units` (id and quantity) or unit items; an unknown unit is INVALID_UNIT_ID. */
export function countsOf(units: { id: string; quantity: number }[]): GuestCounts {
  const counts = { adults: 0, children: 0, infants: 0 };
  for (const { id, quantity } of units) {
    if (!isOctoUnit(id)) throw invalidId('INVALID_UNIT_ID', id);
    if (id === 'adult') counts.adults += quantity;
    else if (id === 'child') counts.children += quantity;
    else counts.infants += quantity;
  }
  return counts;
}

type Range = { from: string; to: string };

function rangeOf(body: { localDateStart?: string | undefined; localDateEnd?: string | undefined }): Range {
  if (!body.localDateStart || !body.localDateEnd) throw new OctoError('BAD_REQUEST', 'localDateStart and localDateEnd are required');
  const range = { from: body.localDateStart, to: body.localDateEnd };
  if (range.from > range.to) throw new OctoError('BAD_REQUEST', 'localDateEnd is before localDateStart');
  if (daysInRange(range.from, range.to) > MAX_AVAILABILITY_DAYS) throw new OctoError('BAD_REQUEST', `The range may span at most ${MAX_AVAILABILITY_DAYS} days`);
  return range;
}

type Slot = AvailabilitySlot & { date: string };

async function slotsOf(db: Database, option: OctoOfferRow, range: Range, now: Date): Promise<Slot[]> {
  const availability = await loadOfferAvailability(db, option.offerId, range, now);
  return (availability?.days ?? []).flatMap((day) => day.slots.map((slot) => ({ ...slot, date: day.date })));
}

function vacanciesOf(option: OctoOfferRow, slot: AvailabilitySlot): number {
  return option.stockMode === 'per_type' ? (slot.leftAdults ?? 0) + (slot.leftChildren ?? 0) : slot.left;
}

function statusOf(option: OctoOfferRow, slot: AvailabilitySlot, counts: GuestCounts | null) {
  if (slot.pastCutOff) return { available: false, status: 'CLOSED' as const };
  const vacancies = vacanciesOf(option, slot);
  if (vacancies <= 0) return { available: false, status: 'SOLD_OUT' as const };
  if (counts && stockProblem(option.stockMode, slot, counts, option.minPeople)) return { available: false, status: 'LIMITED' as const };
  return { available: true, status: vacancies <= 10 ? ('LIMITED' as const) : ('AVAILABLE' as const) };
}

function openingHoursOf(option: OctoOfferRow, date: string, time: string) {
  if (option.availabilityType !== 'opening_hours') return [];
  const closes = new Date(dubaiInstant(date, time).getTime() + option.durationMinutes * 60_000);
  // A day's opening hours end on that day (a ticket valid all day is not valid the next).
  const to = dubaiLocalDateTime(closes).slice(0, 10) === date ? dubaiLocalDateTime(closes).slice(11, 16) : '23:59';
  return [{ from: time, to }];
}

/** OCTO's availability object of one slot. */
export function octoAvailability(option: OctoOfferRow, slot: Slot, counts: GuestCounts | null, pricing: boolean) {
  const starts = dubaiInstant(slot.date, slot.time);
  const openingHours = openingHoursOf(option, slot.date, slot.time);
  const end = openingHours[0] ? dubaiInstant(slot.date, openingHours[0].to) : new Date(starts.getTime() + option.durationMinutes * 60_000);
  return {
    id: availabilityIdOf(option.offerId, slot.date, slot.time),
    localDateTimeStart: dubaiLocalDateTime(starts),
    localDateTimeEnd: dubaiLocalDateTime(end),
    utcCutoffAt: utc(new Date(starts.getTime() - option.cutOffHours * 3_600_000)),
    allDay: option.availabilityType === 'opening_hours',
    ...statusOf(option, slot, counts),
    vacancies: vacanciesOf(option, slot),
    capacity: null,
    maxUnits: null,
    openingHours,
    ...(pricing ? { unitPricing: unitPricing(option), pricing: octoPricing(option, counts ?? { adults: 1, children: 0, infants: 0 }) } : {}),
  };
}

/** POST /availability: the option's slots in the range, or the ones named by id. */
export async function checkAvailability(db: Database, body: AvailabilityBody, pricing: boolean, now = new Date()) {
  const option = await resolveOption(db, body.productId, body.optionId, now);
  const counts = body.units ? countsOf(body.units) : null;
  let range: Range;
  let wanted: Set<string> | null = null;
  if (body.availabilityIds && body.availabilityIds.length > 0) {
    const parsed = body.availabilityIds.map((id) => {
      const slot = parseAvailabilityId(id);
      if (!slot || slot.offerId !== option.offerId) throw invalidId('INVALID_AVAILABILITY_ID', id);
      return slot;
    });
    const dates = parsed.map((slot) => slot.date).sort();
    range = { from: dates[0]!, to: dates.at(-1)! };
    if (daysInRange(range.from, range.to) > MAX_AVAILABILITY_DAYS) throw new OctoError('BAD_REQUEST', `The availabilities may span at most ${MAX_AVAILABILITY_DAYS} days`);
    wanted = new Set(parsed.map((slot) => availabilityIdOf(slot.offerId, slot.date, slot.time)));
  } else range = rangeOf(body);
  const slots = await slotsOf(db, option, range, now);
  const answer = slots.map((slot) => octoAvailability(option, slot, counts, pricing)).filter((availability) => !wanted || wanted.has(availability.id));
  if (wanted) {
    const missing = [...wanted].find((id) => !answer.some((availability) => availability.id === id));
    if (missing) throw invalidId('INVALID_AVAILABILITY_ID', missing);
  }
  return answer;
}

/** POST /availability/calendar: one entry per day of the range, closed where there is no slot. */
export async function availabilityCalendar(db: Database, body: CalendarBody, pricing: boolean, now = new Date()) {
  const option = await resolveOption(db, body.productId, body.optionId, now);
  const counts = body.units ? countsOf(body.units) : null;
  const range = rangeOf(body);
  const slots = await slotsOf(db, option, range, now);
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const days = [];
  for (let date = range.from; date <= range.to; date = nextDay(date)) {
    const ofDay = date < dubaiToday(now) ? [] : (byDate.get(date) ?? []);
    const states = ofDay.map((slot) => ({ slot, ...statusOf(option, slot, counts) }));
    const open = states.filter((state) => state.available);
    const vacancies = ofDay.reduce((sum, slot) => sum + vacanciesOf(option, slot), 0);
    const status = open.length > 0 ? (open.every((state) => state.status === 'AVAILABLE') ? 'AVAILABLE' : 'LIMITED') : ofDay.length > 0 && vacancies === 0 ? 'SOLD_OUT' : 'CLOSED';
    days.push({
      localDate: date,
      available: open.length > 0,
      status,
      vacancies: ofDay.length > 0 ? vacancies : 0,
      capacity: null,
      openingHours: ofDay[0] ? openingHoursOf(option, date, ofDay[0].time) : [],
      ...(pricing ? { unitPricingFrom: unitPricing(option), pricingFrom: octoPricing(option, counts ?? { adults: 1, children: 0, infants: 0 }) } : {}),
    });
  }
  return days;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
