import 'server-only';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { checkBooking } from '@/server/bookings/create-booking';
import { placeBooking } from '@/server/checkout/place-booking';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { failureOf } from '@/server/http/failure';
import { type RouteMessages, routeMessages } from '@/server/http/route-messages';
import { seesNetRates } from '@/server/auth/customer-view';
import { previewFunds } from '@/server/credit/credit-standing';
import { stockProblem, stockTaken } from '@/shared/availability/rules';
import { type CheckoutInput, checkoutSchema } from '@/shared/bookings/checkout-schema';
import type { GroupRowPreview, GroupRowResult, GroupSheetColumn, GroupSheetRow } from '@/shared/group-booking/sheet-rules';

// A group booking's rows: each checked as its own checkout would be (the checkout's schema, then
// createBooking's checks without writing), and booked one transaction per row through the one
// booking placement (placeBooking), paid from the agency's balance and credit. Each row's
// idempotency key is derived from the agency and the row's content, so the same file uploaded
// again, "Book" pressed twice, or a corrected file sent after a refusal books each row once: the
// rows already booked answer their earlier reference.

type Translate = RouteMessages;

/** Which column a checkout field's refusal is shown against. */
const FIELD_COLUMNS: Partial<Record<string, GroupSheetColumn>> = {
  offerId: 'offer_id',
  date: 'date',
  time: 'time',
  adults: 'adults',
  children: 'children',
  infants: 'infants',
  guestName: 'guest_name',
  guestPhone: 'guest_phone',
  guestEmail: 'guest_email',
  guestEmailConfirm: 'guest_email',
  hotelId: 'hotel_id',
  room: 'room',
  notes: 'notes',
};

type ParsedRow = { source: GroupSheetRow; input: CheckoutInput | null; errors: string[] };

/** What each row would book, and every reason one cannot be booked; writes nothing. */
export async function previewGroupRows(db: Database, principal: Principal, rows: GroupSheetRow[], locale: Locale, now = new Date()): Promise<GroupRowPreview[]> {
  const t = await routeMessages(locale);
  const seesNet = seesNetRates(principal);
  const parsedRows = [...parseRows(principal, rows, t)];
  // The file's earlier rows take their seats and money first, as booking the rows in order will;
  // a row booked before (the same file again) answers its booking and takes nothing more.
  const [funds, booked] = await Promise.all([previewFunds(db, principal.agencyId, now), bookedKeys(db, principal.agencyId, parsedRows)]);
  const seatsTaken = new Map<string, { left: number; leftAdults: number; leftChildren: number }>();
  const previews: GroupRowPreview[] = [];
  for (const parsed of parsedRows) {
    const preview: GroupRowPreview = { row: parsed.source.row, cells: parsed.source.cells, tour: null, publishedTotalMinor: null, netTotalMinor: null, errors: parsed.errors };
    previews.push(preview);
    if (!parsed.input) continue;
    const bookedBefore = booked.has(parsed.input.idempotencyKey);
    try {
      const check = await checkBooking(db, principal, parsed.input, { locale, now });
      preview.tour = `${check.offer.tourTitle[locale]} — ${check.offer.offerName[locale]}`;
      preview.publishedTotalMinor = check.publishedTotalMinor;
      preview.netTotalMinor = seesNet ? check.netTotalMinor : null;
      // A request (past the cut-off, no live stock) takes neither seats nor money.
      if (check.reason !== null || bookedBefore) continue;
      const { slot, offer } = check;
      const taken = slot ? (seatsTaken.get(slot.id) ?? { left: 0, leftAdults: 0, leftChildren: 0 }) : null;
      if (slot && taken) {
        const left = { left: slot.left - taken.left, leftAdults: (slot.leftAdults ?? 0) - taken.leftAdults, leftChildren: (slot.leftChildren ?? 0) - taken.leftChildren };
        const problem = stockProblem(offer.stockMode, left, parsed.input, 0);
        if (problem?.code === 'soldOut') throw new RuleViolation('availability.soldOut', { max: problem.max }, 'adults');
      }
      const refusal = funds.spend(check.netTotalMinor);
      if (refusal) throw refusal;
      if (slot && taken) {
        const more = stockTaken(offer.stockMode, parsed.input);
        seatsTaken.set(slot.id, { left: taken.left + more.left, leftAdults: taken.leftAdults + more.leftAdults, leftChildren: taken.leftChildren + more.leftChildren });
      }
    } catch (error) {
      const refusal = refusalOf(error, t);
      // A row booked before answers its booking, whatever its slot has left now.
      if (!bookedBefore) preview.errors.push(refusal);
    }
  }
  return previews;
}

/** The rows' idempotency keys the agency has booked already. */
async function bookedKeys(db: Database, agencyId: string, rows: ParsedRow[]): Promise<Set<string>> {
  const keys = rows.flatMap((row) => (row.input ? [row.input.idempotencyKey] : []));
  if (keys.length === 0) return new Set();
  const found = await db
    .select({ key: bookings.idempotencyKey })
    .from(bookings)
    .where(and(eq(bookings.agencyId, agencyId), inArray(bookings.idempotencyKey, keys)));
  return new Set(found.map((row) => row.key));
}

/**
 * Books every row that parses, one transaction per row (createBooking's), in the file's order;
 * a row the booking refuses (sold out, funds and credit used up, cut-off passed since the
 * preview) is reported and the next row is tried. An outage or an unexpected error stops the run:
 * the rows booked so far stay booked, and sending the file again books only the rest.
 */
export async function bookGroupRows(db: Database, principal: Principal, rows: GroupSheetRow[], locale: Locale): Promise<GroupRowResult[]> {
  const t = await routeMessages(locale);
  const results: GroupRowResult[] = [];
  for (const parsed of parseRows(principal, rows, t)) {
    const base = { row: parsed.source.row, cells: parsed.source.cells };
    if (!parsed.input) {
      results.push({ ...base, outcome: 'skipped', reference: null, errors: parsed.errors });
      continue;
    }
    try {
      const placed = await placeBooking(db, { principal, locale, place: noProviderPayment }, parsed.input);
      results.push({ ...base, outcome: placed.replayed ? 'alreadyBooked' : 'booked', reference: placed.reference, errors: [] });
    } catch (error) {
      results.push({ ...base, outcome: 'failed', reference: null, errors: [refusalOf(error, t)] });
    }
  }
  return results;
}

/** Rows are paid from the balance: a provider's payment page has no place in a batch. */
function noProviderPayment(): never {
  throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
}

/** A refusal's message in the agent's language; an outage or a bug is not a row's refusal and is thrown on. */
function refusalOf(error: unknown, t: Translate): string {
  const failure = failureOf(error);
  if (failure.status === 500 || failure.status === 503 || failure.status === 401 || failure.status === 403) throw error;
  const message = t.text(failure.code, failure.values);
  const column = failure.field ? FIELD_COLUMNS[failure.field] : undefined;
  return column ? `${t.text(`groupBooking.columns.${column}`)}: ${message}` : message;
}

function* parseRows(principal: Principal, rows: GroupSheetRow[], t: Translate): Generator<ParsedRow> {
  const seen = new Map<string, number>();
  for (const source of rows) {
    const raw = checkoutFields(source);
    const key = rowKey(principal.agencyId, raw);
    const parsed = checkoutSchema.safeParse({ ...raw, idempotencyKey: key });
    const first = seen.get(key);
    if (first === undefined) seen.set(key, source.row);
    if (!parsed.success) {
      yield { source, input: null, errors: schemaErrors(parsed.error, t) };
    } else if (first !== undefined) {
      // Two identical rows share a key: the second would answer the first's booking.
      yield { source, input: null, errors: [t.text('groupBooking.row.duplicate', { row: first })] };
    } else {
      yield { source, input: parsed.data, errors: [] };
    }
  }
}

function schemaErrors(error: z.ZodError, t: Translate): string[] {
  const messages = new Map<string, string>();
  for (const issue of error.issues) {
    const column = FIELD_COLUMNS[String(issue.path[0] ?? '')];
    if (!column || messages.has(column)) continue;
    const message = t.has(issue.message) ? t.text(issue.message) : t.text('errors.validation');
    messages.set(column, `${t.text(`groupBooking.columns.${column}`)}: ${message}`);
  }
  return messages.size > 0 ? [...messages.values()] : [t.text('errors.validation')];
}

/** The row as the checkout's fields: paid from the balance, the e-mail its own confirmation. */
function checkoutFields({ cells }: GroupSheetRow) {
  return {
    offerId: cells.offer_id.toLowerCase(),
    date: normaliseDate(cells.date),
    time: normaliseTime(cells.time),
    adults: cells.adults,
    children: cells.children || '0',
    infants: cells.infants || '0',
    guestName: cells.guest_name.replace(/\s+/g, ' '),
    guestPhone: cells.guest_phone,
    guestEmail: cells.guest_email,
    guestEmailConfirm: cells.guest_email,
    hotelId: cells.hotel_id.toLowerCase(),
    room: cells.room,
    notes: cells.notes,
    promoCode: '',
    paymentMethod: 'balance' as const,
  };
}

/** yyyy-MM-dd as the template asks; dd.MM.yyyy and dd/MM/yyyy as a Russian or British Excel writes a date into CSV. */
export function normaliseDate(value: string): string {
  const dayFirst = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  return value;
}

/** 9:30 and 09:30:00 are 09:30. */
export function normaliseTime(value: string): string {
  const time = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
  return time ? `${time[1]!.padStart(2, '0')}:${time[2]}` : value;
}

/**
 * The row's idempotency key: a UUID (version 8, RFC 9562's own-hash form) of the agency and the
 * row's booking content, without its line number. The same row in the same or another file is
 * the same booking; two bookings of one guest on one slot with the same counts are one.
 */
function rowKey(agencyId: string, fields: ReturnType<typeof checkoutFields>): string {
  const canonical = JSON.stringify([agencyId, fields.offerId, fields.date, fields.time, fields.adults, fields.children, fields.infants, fields.guestName, fields.guestPhone, fields.guestEmail.toLowerCase(), fields.hotelId, fields.room, fields.notes]);
  const hex = createHash('sha256').update(`group-booking\0${canonical}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
