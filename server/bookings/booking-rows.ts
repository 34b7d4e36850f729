import 'server-only';
import { eq } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/connection';
import { bookings, offers, tours } from '@/server/db/schema';

/** Every booking has its tour and offer: inner joins, so no selected column becomes nullable. */
type BookingRowsNullability = { bookings: 'not-null'; tours: 'not-null'; offers: 'not-null' };

/** The query `selectBookingRows` starts, typed by the caller's columns. */
export type BookingRowsSelect<Columns extends SelectedFields> = PgSelectBase<'bookings', Columns, 'partial', BookingRowsNullability>;

/**
 * Bookings joined with the tour and the offer they are for: the one place that join is written.
 * Every list, page, document and mail that shows a booking's trip starts here, then picks its own
 * columns, conditions, order and further joins (agency, agent, widget, payment).
 */
export function selectBookingRows<Columns extends SelectedFields>(db: Database, columns: Columns): BookingRowsSelect<Columns> {
  // Built on the columns' general type: drizzle's select types cannot resolve a generic selection.
  const query = db
    .select(columns as SelectedFields)
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId));
  return query as unknown as BookingRowsSelect<Columns>;
}

/** A booking's trip as its pages, documents and mails name it: when, and who (the lead guest and the counts). */
export const TRIP_COLUMNS = {
  tourDate: bookings.tourDate,
  startTime: bookings.startTime,
  adults: bookings.adults,
  children: bookings.children,
  infants: bookings.infants,
  guestName: bookings.guestName,
};
