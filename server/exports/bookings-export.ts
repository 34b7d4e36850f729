import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiToday, dubaiWallClock } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { bookingListCondition, streamBookingRows, type BookingListRow, type BookingListScope } from '@/server/bookings/list-queries';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { codesLine } from '@/shared/bookings/supplier-side';
import { xlsxResponse, type XlsxColumn } from './xlsx-stream';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/**
 * Rows read from the database per batch. With 1,000 (and one batch read ahead) the rows outlived
 * V8's young-generation collections and were promoted, and a 150,000-row export grew the server by
 * 100–106 MB on PostgreSQL; with 250 it grew 23 MB (55 MB on PGlite), for about 10% more time.
 */
const BATCH_SIZE = 250;

export function bookingExportColumns(locale: Locale, seesNet: boolean): XlsxColumn<BookingListRow>[] {
  const t = createTranslator({ locale, messages: MESSAGES[locale] });
  const columns: XlsxColumn<BookingListRow>[] = [
    { header: t('exports.bookings.reference'), width: 14, kind: 'text', value: (row) => row.reference },
    { header: t('exports.bookings.bookedAt'), width: 17, kind: 'dateTime', value: (row) => dubaiWallClock(row.createdAt) },
    { header: t('exports.bookings.travelDate'), width: 12, kind: 'date', value: (row) => row.tourDate },
    { header: t('exports.bookings.startTime'), width: 11, kind: 'text', value: (row) => row.startTime },
    { header: t('exports.bookings.tour'), width: 36, kind: 'text', value: (row) => row.tourTitle[locale] },
    { header: t('exports.bookings.ticket'), width: 28, kind: 'text', value: (row) => row.offerName[locale] },
    { header: t('exports.bookings.guest'), width: 24, kind: 'text', value: (row) => row.guestName },
    { header: t('exports.bookings.agent'), width: 20, kind: 'text', value: (row) => row.agentName },
    { header: t('exports.bookings.adults'), width: 8, kind: 'integer', value: (row) => row.adults },
    { header: t('exports.bookings.children'), width: 8, kind: 'integer', value: (row) => row.children },
    { header: t('exports.bookings.infants'), width: 8, kind: 'integer', value: (row) => row.infants },
    { header: t('exports.bookings.status'), width: 18, kind: 'text', value: (row) => t(`booking.status.${row.status}`) },
    { header: t('exports.bookings.paymentMethod'), width: 26, kind: 'text', value: (row) => t(`booking.paymentMethod.${row.paymentMethod}`) },
    // Booking totals are kept in AED fils, whatever currency a guest was shown.
    { header: t('exports.bookings.publishedRate', { currency: 'AED' }), width: 18, kind: 'money', currency: 'AED', value: (row) => row.publishedTotalMinor },
  ];
  if (seesNet) columns.push({ header: t('exports.bookings.netRate', { currency: 'AED' }), width: 18, kind: 'money', currency: 'AED', value: (row) => row.netTotalMinor });
  // Last, so the columns before it keep their places for whoever reads the sheet by position.
  columns.push({ header: t('exports.bookings.widget'), width: 20, kind: 'text', value: (row) => row.widgetName });
  // The tour operator's side of a supplier-backed booking, empty for our own inventory.
  columns.push(
    { header: t('exports.bookings.supplierReference'), width: 20, kind: 'text', value: (row) => row.supplier?.reference ?? null },
    { header: t('exports.bookings.supplierStatus'), width: 22, kind: 'text', value: (row) => (row.supplier?.status ? t(`supplierBooking.status.${row.supplier.status}`) : null) },
    { header: t('exports.bookings.supplierCodes'), width: 36, kind: 'text', value: (row) => (row.supplier && row.supplier.codes.length > 0 ? codesLine(row.supplier.codes) : null) },
  );
  return columns;
}

/**
 * A booking list as an xlsx download: exactly the rows the list shows with the same filters, in
 * its order, streamed from the database a batch at a time. The NET column is left out for a role
 * without b2b rates. Throws Forbidden at once when the principal may not see the list; the promise
 * rejects when the first batch cannot be read. Either way before anything is sent.
 */
export function bookingExportResponse(
  db: Database,
  principal: Principal,
  scope: BookingListScope,
  query: BookingListQuery,
  locale: Locale,
  now: Date = new Date(),
): Promise<Response> {
  // Checked here, not when the first batch is read, so a refusal is a 403 rather than a broken download.
  bookingListCondition(principal, scope, query);
  const t = createTranslator({ locale, messages: MESSAGES[locale] });
  return xlsxResponse({
    filename: `bookings-${dubaiToday(now)}.xlsx`,
    sheetName: t('exports.bookings.sheetName'),
    columns: bookingExportColumns(locale, memberCan(principal, 'rates:viewB2b')),
    batches: streamBookingRows(db, principal, scope, query, BATCH_SIZE),
  });
}
