// Which booking documents there are, who may download them, and which a booking's state offers.
// Pure: the download route refuses what this refuses, and the booking pages
// list only what it offers, so a link and its download never disagree.
import type { PaymentMethod } from '@/shared/bookings/checkout-schema';
import 'server-only';
import { can, type Permission, type Role } from '@/shared/auth/permissions';

/** The invoice and the credit note are at NET (b2b) prices, so they need the right to see them. */
export const DOCUMENT_PERMISSIONS = {
  voucher: 'bookings:viewOwn',
  tickets: 'bookings:viewOwn',
  invoice: 'rates:viewB2b',
  'credit-note': 'rates:viewB2b',
  'request-summary': 'bookings:viewOwn',
} as const satisfies Record<string, Permission>;

export type DocumentKind = keyof typeof DOCUMENT_PERMISSIONS;

export const DOCUMENT_KINDS = Object.keys(DOCUMENT_PERMISSIONS) as DocumentKind[];

export function isDocumentKind(value: string): value is DocumentKind {
  return Object.hasOwn(DOCUMENT_PERMISSIONS, value);
}

/** What of a booking decides its documents. */
export type DocumentState = {
  status: 'quotation_request' | 'payment_required' | 'completed' | 'cancelled' | 'payment_failed';
  paymentMethod: PaymentMethod;
  /** The documents' issue (one more per amendment): the tickets' link names it, so a link from before an amendment is refused as void. */
  documentIssue?: number;
};

/**
 * The documents a booking's state offers, whoever asks:
 * - not confirmed yet (a request, or a payment still to be made): the request summary only, since
 *   a voucher or a ticket would let the guest travel on a booking nobody confirmed;
 * - completed: voucher, tickets, invoice;
 * - cancelled after it was confirmed: the voucher stamped CANCELLED, the invoice and its credit
 *   note; the tickets are withdrawn, so no usable QR code exists for a cancelled booking;
 * - a request cancelled before anyone confirmed it (it was never invoiced): the request summary.
 */
export function documentsOfState({ status, paymentMethod }: DocumentState): DocumentKind[] {
  switch (status) {
    case 'completed':
      return ['voucher', 'tickets', 'invoice'];
    case 'cancelled':
      return paymentMethod === 'request' ? ['request-summary'] : ['voucher', 'invoice', 'credit-note'];
    case 'quotation_request':
    case 'payment_required':
    case 'payment_failed':
      return ['request-summary'];
  }
}

/** The documents of a booking in this state that this role may download, in display order. */
export function documentsFor(role: Role, state: DocumentState): DocumentKind[] {
  return documentsOfState(state).filter((kind) => can(role, DOCUMENT_PERMISSIONS[kind]));
}

/** Why a booking's state does not offer a document: a message key under `bookingDocuments.refused`. */
export type DocumentRefusal = 'ticketsWithdrawn' | 'notConfirmed' | 'notCancelled' | 'confirmed' | 'neverConfirmed' | 'ticketsVoid';

/** Null when the state offers `kind`; otherwise the reason it does not, for the 409 the route answers. */
export function documentRefusal(kind: DocumentKind, state: DocumentState): DocumentRefusal | null {
  if (documentsOfState(state).includes(kind)) return null;
  if (kind === 'tickets' && state.status === 'cancelled') return 'ticketsWithdrawn';
  if (kind === 'request-summary') return 'confirmed';
  if (state.status === 'cancelled') return 'neverConfirmed';
  if (kind === 'credit-note' && state.status === 'completed') return 'notCancelled';
  return 'notConfirmed';
}

/**
 * Tickets asked for by an earlier issue than the booking's (a link from before an amendment): void,
 * since the date, time or guests they print are no longer the booking's.
 */
export function isVoidTicketIssue(kind: DocumentKind, asked: number | undefined, current: number): boolean {
  return kind === 'tickets' && asked !== undefined && asked < current;
}

/** A credit note is numbered after the booking, and so after the invoice it credits. */
export function creditNoteNumber(reference: string): string {
  return `CN-${reference}`;
}

/** The name a document downloads under; a credit note goes by its own number. */
export function documentFilename(kind: DocumentKind, reference: string): string {
  return kind === 'credit-note' ? `${creditNoteNumber(reference)}.pdf` : `${kind}-${reference}.pdf`;
}
