import 'server-only';
import { and, asc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, offers, tours, users } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { calendarDay } from '@/server/shared/dates';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

export const REQUESTS_PAGE_SIZE = 50;
export const REQUEST_REASONS = ['noLiveAvailability', 'cutOffPassed', 'bookWithAgent'] as const;

/** The queue's filters, from the page's search parameters; anything malformed is dropped, not an error. */
export const requestQueueFiltersSchema = z.object({
  agency: z.uuid().optional().catch(undefined),
  reason: z.enum(REQUEST_REASONS).optional().catch(undefined),
  travelFrom: calendarDay('errors.validation').optional().catch(undefined),
  travelTo: calendarDay('errors.validation').optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type RequestQueueFilters = z.infer<typeof requestQueueFiltersSchema>;

export type QueuedRequest = {
  reference: string;
  createdAt: Date;
  agencyId: string;
  agencyName: string;
  agentName: string;
  tourTitle: { en: string; ru: string };
  offerName: { en: string; ru: string };
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  requestReason: string | null;
  netTotalMinor: number;
  publishedTotalMinor: number;
  quotedAt: Date | null;
};

const requestColumns = {
  reference: bookings.reference,
  createdAt: bookings.createdAt,
  agencyId: bookings.agencyId,
  agencyName: agencies.name,
  agentName: users.name,
  tourTitle: tours.title,
  offerName: offers.name,
  tourDate: bookings.tourDate,
  startTime: bookings.startTime,
  adults: bookings.adults,
  children: bookings.children,
  infants: bookings.infants,
  requestReason: bookings.requestReason,
  netTotalMinor: bookings.netTotalMinor,
  publishedTotalMinor: bookings.publishedTotalMinor,
  quotedAt: bookings.quotedAt,
};

/**
 * Open requests (issue 19 §4), oldest first, one page plus one row (to know there is a next).
 * The order and the status filter match the partial index `bookings_requests_queue_idx`, so a
 * page reads its rows from the index whatever the other million bookings are.
 */
export async function listRequestQueue(db: Database, _staff: StaffPrincipal, filters: RequestQueueFilters): Promise<{ rows: QueuedRequest[]; hasNext: boolean }> {
  const conditions: (SQL | undefined)[] = [eq(bookings.status, 'quotation_request')];
  if (filters.agency) conditions.push(eq(bookings.agencyId, filters.agency));
  if (filters.reason) conditions.push(eq(bookings.requestReason, filters.reason));
  if (filters.travelFrom) conditions.push(gte(bookings.tourDate, filters.travelFrom));
  if (filters.travelTo) conditions.push(lte(bookings.tourDate, filters.travelTo));
  const rows = await db
    .select(requestColumns)
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(users, eq(users.id, bookings.agentId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(and(...conditions))
    .orderBy(asc(bookings.createdAt), asc(bookings.reference))
    .limit(REQUESTS_PAGE_SIZE + 1)
    .offset((filters.page - 1) * REQUESTS_PAGE_SIZE);
  return { rows: rows.slice(0, REQUESTS_PAGE_SIZE), hasNext: rows.length > REQUESTS_PAGE_SIZE };
}

export type RequestDetail = QueuedRequest & {
  id: string;
  status: (typeof bookings.$inferSelect)['status'];
  paymentMethod: (typeof bookings.$inferSelect)['paymentMethod'];
  agentEmail: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  notes: string | null;
  declineReason: string | null;
  balanceMinor: number;
  creditLimitMinor: number;
};

/** One booking as the console shows a request, whatever its status now (it may have been decided). */
export async function loadRequest(db: Database, _staff: StaffPrincipal, reference: string): Promise<RequestDetail> {
  const [row] = await db
    .select({
      ...requestColumns,
      id: bookings.id,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      agentEmail: users.email,
      guestName: bookings.guestName,
      guestPhone: bookings.guestPhone,
      guestEmail: bookings.guestEmail,
      notes: bookings.notes,
      declineReason: bookings.declineReason,
      balanceMinor: agencies.balanceMinor,
      creditLimitMinor: agencies.creditLimitMinor,
    })
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(users, eq(users.id, bookings.agentId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.reference, reference))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}

/** Agencies for the queue's filter, by name (the requests' agencies are among them). */
export async function listAgencyChoices(db: Database): Promise<{ id: string; name: string }[]> {
  return db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(ne(agencies.status, 'rejected')).orderBy(asc(agencies.name)).limit(1000);
}
