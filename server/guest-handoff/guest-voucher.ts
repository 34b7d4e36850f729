import 'server-only';
import { eq } from 'drizzle-orm';
import { type Locale, localizedPath } from '@/i18n/locales';
import { loadBookingDocument } from '@/server/bookings/queries';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, cities, offers, tours } from '@/server/db/schema';
import { selectBookingRows, TRIP_COLUMNS } from '@/server/bookings/booking-rows';
import { DocumentNotOffered, type PdfDownload } from '@/server/documents/document-downloads';
import { documentFilename, documentRefusal, type DocumentState } from '@/server/documents/document-kinds';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { type DocumentBrand, whiteLabelDocument } from '@/server/documents/white-label';
import { NotFound } from '@/server/errors';
import { type GuestBrand, loadPdfLogo } from '@/server/widgets/guest-bookings/guest-booking-view';
import { actingAdmin } from '@/server/widgets/guest-bookings/widget-sale';
import { widgetDomainOf } from '@/server/widgets/sites/widget-site';
import { isWidgetHost, parseHostsConfig } from '@/shared/sites/site-variants';
import { isAgencyDomain, loadAgencyBrand } from './agency-brand';
import { readVoucherToken, voucherLinkExpiry } from './voucher-link';

// The guest's public voucher page and its PDFs, by the voucher link's token (./voucher-link.ts):
// no account, no internal id, no price, in the language the agent chose and the agency's brand.
// A forged or altered token is "not found"; an expired one (or a booking whose tour has passed)
// is "this link has expired", naming nothing of the booking or its agency.

/** The page of a voucher link, on the portal's hosts or an agency's widget domain. */
export const GUEST_VOUCHER_PATH = '/embedded/voucher/{token}';
/** A voucher link's PDF (voucher or tickets), on whichever host shows the page. */
export const GUEST_VOUCHER_DOCUMENT_PATH = '/api/guest-vouchers/{token}/{kind}';

export const GUEST_VOUCHER_KINDS = ['voucher', 'tickets'] as const;
export type GuestVoucherKind = (typeof GUEST_VOUCHER_KINDS)[number];

export function guestVoucherPath(token: string, locale: Locale): string {
  return localizedPath(locale, GUEST_VOUCHER_PATH.replace('{token}', token));
}

export function guestVoucherDocumentPath(token: string, kind: GuestVoucherKind): string {
  return GUEST_VOUCHER_DOCUMENT_PATH.replace('{token}', token).replace('{kind}', kind);
}

export type GuestVoucherView = {
  reference: string;
  status: DocumentState['status'];
  locale: Locale;
  tourTitle: string;
  offerName: string;
  cityName: string;
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  pickUpTime: string | null;
  brand: GuestBrand;
  /** The PDFs the booking's state offers the guest now. */
  documents: GuestVoucherKind[];
  expiresAt: Date;
};

export type GuestVoucherLookup = { state: 'invalid' } | { state: 'expired' } | { state: 'valid'; view: GuestVoucherView };

/** Where a voucher link is opened: an agency's widget domain, or one of the portal's hosts (null). */
export type VoucherPlace = { widgetDomain: string | null };
type Place = VoucherPlace;

const HOSTS = parseHostsConfig(process.env.HOSTS);

/** The place of a request by its Host header. */
export function voucherPlaceOf(host: string | null): VoucherPlace {
  return { widgetDomain: host && isWidgetHost(host, HOSTS) ? widgetDomainOf(host) : null };
}

async function linkedBooking(db: Database | Transaction, token: string, place: Place, now: Date) {
  const reading = readVoucherToken(token, now);
  if (reading.state !== 'valid') return reading;
  const [row] = await selectBookingRows(db as Database, {
    id: bookings.id,
    reference: bookings.reference,
    agencyId: bookings.agencyId,
    agentId: bookings.agentId,
    status: bookings.status,
    paymentMethod: bookings.paymentMethod,
    tourTitle: tours.title,
    offerName: offers.name,
    cityName: cities.name,
    ...TRIP_COLUMNS,
    pickUpTime: bookings.pickUpTime,
  })
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(eq(bookings.reference, reading.reference))
    .limit(1);
  if (!row) return { state: 'invalid' as const };
  // A link outlives nothing: a booking moved to an earlier day expires with its new tour date.
  if (now.getTime() > voucherLinkExpiry(row.tourDate).getTime()) return { state: 'expired' as const };
  // On a widget's domain only the domain's own agency's links open: another agency's brand never shows there.
  if (place.widgetDomain && !(await isAgencyDomain(db as Database, row.agencyId, place.widgetDomain))) return { state: 'invalid' as const };
  return { state: 'valid' as const, row, locale: reading.locale, expiresAt: reading.expiresAt };
}

/** What a voucher link shows now. */
export async function loadGuestVoucher(db: Database, token: string, place: Place, now = new Date()): Promise<GuestVoucherLookup> {
  const linked = await linkedBooking(db, token, place, now);
  if (linked.state !== 'valid') return linked;
  const { row, locale } = linked;
  return {
    state: 'valid',
    view: {
      reference: row.reference,
      status: row.status,
      locale,
      tourTitle: row.tourTitle[locale],
      offerName: row.offerName[locale],
      cityName: row.cityName[locale],
      tourDate: row.tourDate,
      startTime: row.startTime,
      adults: row.adults,
      children: row.children,
      infants: row.infants,
      guestName: row.guestName,
      pickUpTime: row.pickUpTime,
      brand: await loadAgencyBrand(db, row.agencyId),
      documents: GUEST_VOUCHER_KINDS.filter((kind) => documentRefusal(kind, row) === null),
      expiresAt: linked.expiresAt,
    },
  };
}

const RENDERERS: Record<GuestVoucherKind, typeof renderVoucherPdf> = { voucher: renderVoucherPdf, tickets: renderTicketsPdf };

/** A voucher link's voucher or tickets: the agency's document, under the agency's brand, in the link's language. */
export async function renderGuestVoucherDocument(db: Database, token: string, place: Place, kind: GuestVoucherKind, now = new Date()): Promise<PdfDownload> {
  const linked = await linkedBooking(db, token, place, now);
  if (linked.state !== 'valid') throw new NotFound();
  const { row, locale } = linked;
  const agent = await actingAdmin(db, row.agencyId, row.agentId);
  if (!agent) throw new NotFound();
  const brand = await loadAgencyBrand(db, row.agencyId);
  // The guest's copy never carries the agency's NET, whatever the agency's standing.
  const document = await loadBookingDocument(db, { ...agent, role: 'admin', agencyId: row.agencyId, agencyName: brand.name, agencyApproved: false }, row.reference, { locale });
  if (!document) throw new NotFound();
  const refusal = documentRefusal(kind, document);
  if (refusal) throw new DocumentNotOffered(refusal);
  const pdfBrand: DocumentBrand = { name: brand.name, address: brand.address, phone: brand.phone, email: brand.email, logo: await loadPdfLogo(db, brand.logoFileId) };
  return { filename: documentFilename(kind, document.reference), pdf: await RENDERERS[kind](whiteLabelDocument(document, pdfBrand)) };
}
