// What the voucher, tickets, invoice, credit note and request summary of a booking show. Built by server/bookings/queries.ts
// (`loadBookingDocument`) from the database, rendered by the PDF renderers in this folder.
import 'server-only';
import type { Locale } from '@/i18n/locales';
import type { BookingCancellationPolicy } from '@/shared/bookings/offer-terms';

import type { PaymentMethod, ProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { Currency } from '@/shared/money/money';
import type { SupplierSide } from '@/shared/bookings/supplier-side';
import type { DocumentBrand } from './white-label';

export type BookingDocumentStatus = 'quotation_request' | 'payment_required' | 'completed' | 'cancelled' | 'payment_failed';

export type BookingPaymentMethod = PaymentMethod;

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
  /** Why a booking is a request (`noLiveAvailability`, `cutOffPassed`, `bookWithAgent`), or null. */
  requestReason: string | null;
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
  /** Each ticket's guest in print order (an empty or missing one is the lead guest); set by amendments. */
  guestNames?: string[];
  /** The documents' issue: one more per amendment; tickets of an earlier issue are void. */
  documentIssue?: number;
  pickUp: { hotelName: string | null; room: string | null; time: string | null };
  notes: string | null;
  promoCode: string | null;
  /** The refund terms the booking was sold under, and the processing fee kept from any refund. */
  cancellationPolicy: BookingCancellationPolicy;
  processingFeePercent: number;
  /** Set once the booking is cancelled: when, the tier's percent, and what went back and was kept (AED fils). */
  cancellation: BookingCancellation | null;
  /**
   * Whether the reader may see NET (b2b) figures. The invoice and the credit note are only ever
   * rendered for such readers; the request summary shows the NET side only to them.
   */
  seesNet: boolean;
  agency: { name: string; address: string | null; trn: string | null };
  agentName: string;
  /** All amounts in AED fils. */
  currency: 'AED';
  publishedTotalMinor: number;
  netTotalMinor: number;
  discountMinor: number;
  /** What was paid for the booking in AED fils: from the balance, or the NET a provider payment settled. */
  paidMinor: number;
  collectionMinor: number;
  /** The provider payment that paid the booking (card, crypto, SBP), or null. */
  payment: BookingPayment | null;
  /** What goes back through that payment's provider since the booking was cancelled. */
  providerRefunds: ProviderRefund[];
  /** The invoice's lines at b2b (NET) prices, before the discount. */
  netLines: InvoiceLine[];
  /** The seller: the portal operator (shared/sites/site-content.ts), or the agency on a guest's copy. */
  seller: { legalName: string; address: string; vatNumber: string; licenceNumber: string; phone: string; email: string };
  /** The booking's side at the supplier that runs the tour (its reference and codes); absent or null for our own inventory. */
  supplier?: SupplierSide | null;
  /** Set on a guest's copy of a widget booking's document (./white-label.ts): the agency's brand in place of ours. */
  brand?: DocumentBrand;
};

export type BookingCancellation = {
  cancelledAt: Date;
  /** The refund percent of the policy tier the cancellation fell in. */
  percent: number;
  /** What went back to the agency's balance: the tier's refund less the processing fee. */
  refundMinor: number;
  /** The processing fee kept from the tier's refund. */
  feeMinor: number;
};

/** A provider payment as the documents show it; amounts in `currency` minor units. */
export type BookingPayment = {
  method: ProviderPaymentMethod;
  /** `sandbox`, `stripe`, `tap`, `coinbase`, `yookassa`. */
  provider: string;
  /** A test gateway, labelled so on every document. */
  isSandbox: boolean;
  /** The provider's id of the charge (PaymentIntent, Tap charge, YooKassa payment…). */
  providerReference: string | null;
  currency: Currency;
  /** What the provider charged, fees and tax included. */
  totalMinor: number;
  /** Card and conversion fees, and the tax (spec §9), as stored with the payment. */
  feeMinor: number;
  taxMinor: number;
  /** The charge line by line (subtotal, fees, tax); empty when it carries no fee or tax. */
  lines: ChargeLine[];
  settledAt: Date | null;
};

/**
 * `fees` stands for the card and conversion fees together when the stored fee cannot be split
 * by the percentages (the settings changed since); the percent is null then.
 */
export type ChargeLine = { kind: 'subtotal' | 'conversionFee' | 'cardFee' | 'fees' | 'tax'; percent: number | null; amountMinor: number };

/** A refund through the provider: pending until the provider has taken it (a refused one is retried, so still pending). */
export type ProviderRefund = {
  amountMinor: number;
  currency: Currency;
  status: 'pending' | 'succeeded';
  providerReference: string | null;
  settledAt: Date | null;
};
