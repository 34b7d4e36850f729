import 'server-only';
import { paymentFailureReason } from '@/server/payments/failure-reason';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import { loadBookingDocument } from '@/server/bookings/queries';
import type { Database } from '@/server/db/connection';
import { bookings, payments, storedFiles, widgets } from '@/server/db/schema';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { DocumentNotOffered, type PdfDownload } from '@/server/documents/document-downloads';
import { documentFilename, documentRefusal } from '@/server/documents/document-kinds';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { type DocumentBrand, whiteLabelDocument } from '@/server/documents/white-label';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
import { EMBED_WIDGET_TYPES, SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';
import { type GuestBooking, GUEST_BOOKING_COLUMNS, guestTrip } from './book-as-guest';
import { guestBookingToken, referenceOfGuestToken } from './guest-link';
import { EMBED_GUEST_BOOKING_PATH, GUEST_BOOKING_PATH, GUEST_DOCUMENT_PATH } from './guest-paths';
import { actingAdmin } from './widget-sale';

// A guest's own page of their booking, reached by the link in the confirmation mail: the booking,
// its payment and its documents, in the agency's brand and the widget's language. The token of the
// link authorises it (./guest-link.ts); the page and the documents name no internal id.

/** Where a guest link is opened: the widget site on `host`, or the portal's page for an embed's guest. */
export type GuestLinkPlace = { host: string } | 'embed';

/** The documents a guest may download: the agency's invoice to its guest is not ours to issue. */
export const GUEST_DOCUMENT_KINDS = ['voucher', 'tickets'] as const;
export type GuestDocumentKind = (typeof GUEST_DOCUMENT_KINDS)[number];

/** The agency's brand as its widget shows it to guests. */
export type GuestBrand = { name: string; logoFileId: string | null; address: string; phone: string; email: string; reservationName: string };

export type GuestBookingView = {
  booking: GuestBooking;
  brand: GuestBrand;
  locale: Locale;
  /** The documents the booking's state offers the guest now. */
  documents: GuestDocumentKind[];
};

/** The page's path for a guest link's token: on the widget's site, or the portal's for an embed. */
export function guestBookingPath(token: string, where: 'site' | 'embed'): string {
  return (where === 'embed' ? EMBED_GUEST_BOOKING_PATH : GUEST_BOOKING_PATH).replace('{token}', token);
}

export function guestDocumentPath(token: string, kind: GuestDocumentKind): string {
  return GUEST_DOCUMENT_PATH.replace('{token}', token).replace('{kind}', kind);
}

function placeCondition(place: GuestLinkPlace): SQL | undefined {
  if (place === 'embed') return inArray(widgets.type, [...EMBED_WIDGET_TYPES]);
  // A booking stays the guest's to see even if the widget's domain later fails its re-check.
  return and(eq(widgets.domain, place.host.toLowerCase()), inArray(widgets.type, [...SITE_WIDGET_TYPES]));
}

async function loadLinkedBooking(db: Database, token: string, place: GuestLinkPlace) {
  const reference = referenceOfGuestToken(token);
  if (!reference) return null;
  const [row] = await selectBookingRows(db, {
    ...GUEST_BOOKING_COLUMNS,
    bookingId: bookings.id,
    status: bookings.status,
    paymentMethod: bookings.paymentMethod,
    widgetName: widgets.name,
    locale: widgets.locale,
    agencyId: widgets.agencyId,
    createdBy: widgets.createdBy,
    contacts: widgets.contacts,
    reservationContacts: widgets.reservationContacts,
    logoFileIds: widgets.logoFileIds,
  })
    .innerJoin(widgets, eq(widgets.id, bookings.widgetId))
    .where(and(eq(bookings.reference, reference), isNull(widgets.deletedAt), placeCondition(place)))
    .limit(1);
  if (!row) return null;
  return { row, brand: brandOf(row), locale: row.locale };
}

type BrandColumns = Pick<typeof widgets.$inferSelect, 'contacts' | 'reservationContacts' | 'logoFileIds'> & { widgetName: string };

function brandOf(widget: BrandColumns): GuestBrand {
  return {
    name: widget.contacts.company || widget.widgetName,
    logoFileId: widget.logoFileIds[0] ?? null,
    address: widget.contacts.address,
    // Reservation contacts are who answers a guest's booking questions; the company's are the fallback.
    phone: widget.reservationContacts.phone || widget.contacts.phone,
    email: widget.reservationContacts.email || widget.contacts.email,
    reservationName: widget.reservationContacts.name,
  };
}

/** The brand a widget shows its guests (for the page an embed's payer returns to). */
export async function loadGuestBrand(db: Database, widgetId: string): Promise<GuestBrand | null> {
  const [widget] = await db
    .select({ widgetName: widgets.name, contacts: widgets.contacts, reservationContacts: widgets.reservationContacts, logoFileIds: widgets.logoFileIds })
    .from(widgets)
    .where(eq(widgets.id, widgetId));
  return widget ? brandOf(widget) : null;
}

/** The booking a guest link names, where `place` may show it; null for a wrong token or another place. */
export async function loadGuestBookingByToken(db: Database, token: string, place: GuestLinkPlace): Promise<GuestBookingView | null> {
  const linked = await loadLinkedBooking(db, token, place);
  if (!linked) return null;
  const { row, locale } = linked;
  const [payment] = await db
    .select({ status: payments.status, amountMinor: payments.amountMinor, currency: payments.currency, provider: payments.provider, failureCode: payments.failureCode })
    .from(payments)
    .where(eq(payments.bookingId, row.bookingId))
    .orderBy(desc(payments.attempt))
    .limit(1);
  return {
    booking: {
      reference: row.reference,
      bookingStatus: row.status,
      paymentStatus: payment?.status ?? 'created',
      failureReason: payment?.status === 'failed' ? paymentFailureReason(payment.provider, payment.failureCode) : null,
      ...guestTrip(row, locale),
      guestEmail: row.guestEmail,
      amountMinor: payment?.amountMinor ?? 0,
      currency: payment?.currency ?? 'AED',
    },
    brand: linked.brand,
    locale,
    documents: GUEST_DOCUMENT_KINDS.filter((kind) => documentRefusal(kind, row) === null),
  };
}

/** A completed booking's voucher and tickets by its guest link, for the page the payment returns to. */
export function guestDocumentLinks(booking: Pick<GuestBooking, 'reference' | 'bookingStatus'>): { voucherHref?: string; ticketsHref?: string } {
  if (booking.bookingStatus !== 'completed') return {};
  const token = guestBookingToken(booking.reference);
  return { voucherHref: guestDocumentPath(token, 'voucher'), ticketsHref: guestDocumentPath(token, 'tickets') };
}

const RENDERERS: Record<GuestDocumentKind, typeof renderVoucherPdf> = { voucher: renderVoucherPdf, tickets: renderTicketsPdf };

/** A guest's voucher or tickets by the guest link: the agency's document under the agency's brand. */
export async function renderGuestDocument(db: Database, token: string, place: GuestLinkPlace, kind: GuestDocumentKind): Promise<PdfDownload> {
  const linked = await loadLinkedBooking(db, token, place);
  if (!linked) throw new NotFound();
  const agent = await actingAdmin(db, linked.row.agencyId, linked.row.createdBy);
  if (!agent) throw new NotFound();
  // The guest's copy never carries the agency's NET, whatever the agency's standing.
  const document = await loadBookingDocument(db, { ...agent, role: 'admin', agencyId: linked.row.agencyId, agencyName: linked.brand.name, agencyApproved: false }, linked.row.reference);
  if (!document) throw new NotFound();
  const refusal = documentRefusal(kind, document);
  if (refusal) throw new DocumentNotOffered(refusal);
  const brand: DocumentBrand = { name: linked.brand.name, address: linked.brand.address, phone: linked.brand.phone, email: linked.brand.email, logo: await loadPdfLogo(db, linked.brand.logoFileId) };
  return { filename: documentFilename(kind, document.reference), pdf: await RENDERERS[kind](whiteLabelDocument(document, brand)) };
}

/** The widget's first logo, when it is an image pdfkit embeds (PNG, JPEG); null otherwise. */
export async function loadPdfLogo(db: Database, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const [file] = await db.select({ storageKey: storedFiles.storageKey, contentType: storedFiles.contentType }).from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!file || !['image/png', 'image/jpeg'].includes(file.contentType)) return null;
  const body = await getFileStorage().get(file.storageKey);
  return body ? Buffer.from(await new Response(body).arrayBuffer()) : null;
}
