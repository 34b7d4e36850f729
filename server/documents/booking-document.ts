// What the voucher, tickets and invoice of a booking show. Built by server/bookings/queries.ts
// (`loadBookingDocument`) from the database, rendered by the PDF renderers in this folder.
import 'server-only';
import type { Locale } from '@/i18n/locales';

export type BookingDocumentStatus = 'quotation_request' | 'payment_required' | 'completed' | 'cancelled' | 'payment_failed';
export type BookingPaymentMethod = 'balance' | 'cash' | 'request';

export type InvoiceLine = {
  /** e.g. "Adult", "Child", "Private trip" — already in the booking's language. */
  description: string;
  quantity: number;
  /** AED fils. */
  unitMinor: number;
  totalMinor: number;
};

export type BookingDocument = {
  reference: string;
  /** Language the documents are written in (the language the booking was made in). */
  locale: Locale;
  status: BookingDocumentStatus;
  paymentMethod: BookingPaymentMethod;
  createdAt: Date;
  /** `yyyy-MM-dd`, Asia/Dubai. */
  tourDate: string;
  /** `HH:mm`, or null when the offer has no start times. */
  startTime: string | null;
  tourTitle: string;
  offerName: string;
  cityName: string;
  durationMinutes: number;
  adults: number;
  children: number;
  infants: number;
  guest: { name: string; phone: string; email: string };
  pickUp: { hotelName: string | null; room: string | null; time: string | null };
  notes: string | null;
  agency: { name: string; address: string | null; trn: string | null };
  agentName: string;
  /** All amounts in AED fils. */
  currency: 'AED';
  publishedTotalMinor: number;
  netTotalMinor: number;
  discountMinor: number;
  paidMinor: number;
  collectionMinor: number;
  /** The invoice's lines at b2b (NET) prices, before the discount. */
  netLines: InvoiceLine[];
  /** The seller: the portal operator (server/sites/site-content.ts). */
  seller: { legalName: string; address: string; vatNumber: string; licenceNumber: string; phone: string; email: string };
};
