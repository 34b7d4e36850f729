// Availability rules of spec §5 and the cut-off of DESIGN.md. Pure: the booking transaction and
// the tour page's date picker apply the very same rules, so the picker's message is the one the
// server would give.

export type StockMode = 'shared' | 'per_type';

export type GuestCounts = { adults: number; children: number; infants: number };

/** Tickets left in one slot (`leftAdults`/`leftChildren` only in `per_type` mode). */
export type SlotStock = { left: number; leftAdults: number | null; leftChildren: number | null };

export type StockProblem =
  | { code: 'minPeople'; min: number }
  /** 'No more available stock, max N. Please contact admin.' */
  | { code: 'soldOut'; max: number };

/** People who count towards the minimum; infants ride free and do not. */
export function payingPeople(counts: GuestCounts): number {
  return counts.adults + counts.children;
}

/**
 * Checks the counts against a slot (spec §5):
 * - `per_type` (adults and children have their own ticket types): left adult tickets must cover
 *   the adults and left child tickets the children;
 * - `shared`: the total left must cover adults + children + infants.
 */
export function stockProblem(mode: StockMode, stock: SlotStock, counts: GuestCounts, minPeople: number): StockProblem | null {
  if (payingPeople(counts) < minPeople) return { code: 'minPeople', min: minPeople };
  if (mode === 'per_type') {
    const leftAdults = stock.leftAdults ?? 0;
    const leftChildren = stock.leftChildren ?? 0;
    if (counts.adults > leftAdults) return { code: 'soldOut', max: leftAdults };
    if (counts.children > leftChildren) return { code: 'soldOut', max: leftChildren };
    return null;
  }
  const wanted = counts.adults + counts.children + counts.infants;
  return wanted > stock.left ? { code: 'soldOut', max: stock.left } : null;
}

/** How many tickets of the slot a booking takes, per counter. */
export function stockTaken(mode: StockMode, counts: GuestCounts): { left: number; leftAdults: number; leftChildren: number } {
  if (mode === 'per_type') {
    return { left: counts.adults + counts.children, leftAdults: counts.adults, leftChildren: counts.children };
  }
  return { left: counts.adults + counts.children + counts.infants, leftAdults: 0, leftChildren: 0 };
}

// Asia/Dubai has kept UTC+4 with no daylight saving since 1920, so a fixed offset is exact.
const DUBAI_OFFSET = '+04:00';
const DUBAI_OFFSET_MS = 4 * 3_600_000;

/**
 * An instant shifted so that its UTC fields read Dubai wall-clock time: for `yyyy-MM-dd` days,
 * `HH:mm` times, and spreadsheet cells (Excel has no time zones).
 */
export function dubaiWallClock(instant: Date): Date {
  return new Date(instant.getTime() + DUBAI_OFFSET_MS);
}

/** The instant a slot starts: its local date and `HH:mm` time in Asia/Dubai. */
export function dubaiInstant(date: string, time: string | null): Date {
  return new Date(`${date}T${time ?? '00:00'}:00${DUBAI_OFFSET}`);
}

/** Today's date in Asia/Dubai, `yyyy-MM-dd`. */
export function dubaiToday(now: Date): string {
  return dubaiWallClock(now).toISOString().slice(0, 10);
}

/** Whether automatic confirmation has closed: the start time minus the cut-off hours has passed. */
export function isPastCutOff(date: string, time: string | null, cutOffHours: number, now: Date): boolean {
  return now.getTime() >= dubaiInstant(date, time).getTime() - cutOffHours * 3_600_000;
}

/**
 * `supplierUnavailable`: the offer's supplier could not be reached (down, or its circuit breaker
 * open) when the booking was made, so the operator confirms it by hand (server/suppliers/booking).
 */
export type RequestReason = 'noLiveAvailability' | 'cutOffPassed' | 'bookWithAgent' | 'supplierUnavailable';

/**
 * Why a booking must become a request confirmed by hand (DESIGN.md "Booking lifecycle"), or null
 * when it can be confirmed at once.
 */
export function requestReason(input: {
  hasLiveAvailability: boolean;
  date: string;
  time: string | null;
  cutOffHours: number;
  now: Date;
  bookWithAgent?: boolean;
}): RequestReason | null {
  if (!input.hasLiveAvailability) return 'noLiveAvailability';
  if (isPastCutOff(input.date, input.time, input.cutOffHours, input.now)) return 'cutOffPassed';
  if (input.bookWithAgent) return 'bookWithAgent';
  return null;
}
