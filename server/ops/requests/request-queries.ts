import 'server-only';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, offers, tours, users } from '@/server/db/schema';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { Forbidden, NotFound } from '@/server/errors';
import { can } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { SupplierBookingStatus } from '@/shared/bookings/supplier-side';
import { REQUESTS_PAGE_SIZE, type RequestFilters } from './request-schema';

export type RequestRow = {
  reference: string;
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
  createdAt: Date;
  /** The tour operator's side of a supplier-backed booking: its reference and where it stands there; null for our own inventory. */
  supplierReference: string | null;
  supplierStatus: SupplierBookingStatus | null;
};

const rowColumns = {
  reference: bookings.reference,
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
  createdAt: bookings.createdAt,
  supplierReference: bookings.supplierReference,
  supplierStatus: bookings.supplierStatus,
};

/**
 * The queue of open requests, oldest first. The status condition matches the
 * partial index `bookings_requests_queue_idx` (created_at, reference), which also gives the order;
 * one row more than a page tells whether there is a next page.
 */
export async function listOpenRequests(db: Database, staff: StaffPrincipal, filters: RequestFilters): Promise<{ rows: RequestRow[]; hasNext: boolean }> {
  if (!can(staff.role, 'ops:requests')) throw new Forbidden();
  const conditions: (SQL | undefined)[] = [eq(bookings.status, 'quotation_request')];
  if (filters.agency) conditions.push(eq(bookings.agencyId, filters.agency));
  if (filters.reason) conditions.push(eq(bookings.requestReason, filters.reason));
  if (filters.from) conditions.push(gte(bookings.tourDate, filters.from));
  if (filters.to) conditions.push(lte(bookings.tourDate, filters.to));
  const rows = await selectBookingRows(db, rowColumns)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(users, eq(users.id, bookings.agentId))
    .where(and(...conditions))
    .orderBy(asc(bookings.createdAt), asc(bookings.reference))
    .limit(REQUESTS_PAGE_SIZE + 1)
    .offset((filters.page - 1) * REQUESTS_PAGE_SIZE);
  return { rows: rows.slice(0, REQUESTS_PAGE_SIZE), hasNext: rows.length > REQUESTS_PAGE_SIZE };
}

export type RequestDetail = RequestRow & {
  status: (typeof bookings.$inferSelect)['status'];
  agentEmail: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  notes: string | null;
  paymentMethod: string;
  declineReason: string | null;
  locale: string;
  agencyBalanceMinor: number;
  agencyCreditLimitMinor: number;
};

/** One booking as the request page shows it, whatever its status now (it may have been decided). */
export async function loadRequest(db: Database, staff: StaffPrincipal, reference: string): Promise<RequestDetail> {
  if (!can(staff.role, 'ops:requests')) throw new Forbidden();
  const [row] = await selectBookingRows(db, {
    ...rowColumns,
    status: bookings.status,
    agentEmail: users.email,
    guestName: bookings.guestName,
    guestPhone: bookings.guestPhone,
    guestEmail: bookings.guestEmail,
    notes: bookings.notes,
    paymentMethod: bookings.paymentMethod,
    declineReason: bookings.declineReason,
    locale: bookings.locale,
    agencyBalanceMinor: agencies.balanceMinor,
    agencyCreditLimitMinor: agencies.creditLimitMinor,
  })
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .innerJoin(users, eq(users.id, bookings.agentId))
    .where(eq(bookings.reference, reference))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}

/** Agencies for the queue's filter (a few hundred at most: agencies sign up by hand). */
export async function listAgencyChoices(db: Database, staff: StaffPrincipal): Promise<{ id: string; name: string }[]> {
  if (!can(staff.role, 'ops:requests') && !can(staff.role, 'ops:money')) throw new Forbidden();
  return db.select({ id: agencies.id, name: agencies.name }).from(agencies).orderBy(asc(agencies.name), asc(agencies.id)).limit(1000);
}

/** Age of a request in whole hours, for the queue. */
export function requestAgeHours(createdAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 3_600_000));
}

