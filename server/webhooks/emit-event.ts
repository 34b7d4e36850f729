import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '@/server/db/connection';
import { bookings, payments, tours, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/server/db/schema';
import { sendJobIfQueueOpen } from '@/server/jobs/jobs';
import type { WebhookEventType } from '@/shared/webhooks/webhook-schema';

// The outbox of webhooks out (docs/webhooks.md "Delivery"): an event is written in the
// transaction of the change it reports, with one delivery per endpoint of the agency that takes
// its type, so a change that rolls back sends nothing and a committed one is never lost. The
// delivery job sends them (server/webhooks/deliver-webhooks.ts): nudged half a second after an
// event is written, by when its transaction has committed, and in any case at the minute's sweep.
// This module imports only the database and the job queue, so the owners of the changes (the booking-status writer, createBooking, the
// ledger, the refunds) may call it without a circle.

export type WebhookEventInput = {
  agencyId: string;
  type: WebhookEventType;
  /** Events of one booking reach each endpoint in the order they were written. */
  bookingId?: string | null;
  /** The payload's `data`; built only when an endpoint takes the event. */
  data: () => Promise<Record<string, unknown>> | Record<string, unknown>;
};

/**
 * Writes the event and its deliveries in `tx` when an enabled endpoint of the agency takes its
 * type; otherwise writes nothing (one indexed read). Answers the event id, if one was written.
 */
export async function emitWebhookEvent(tx: Transaction, event: WebhookEventInput): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.agencyId, event.agencyId), eq(webhookEndpoints.enabled, true)));
  const takers = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
  if (takers.length === 0) return null;
  const [written] = await tx
    .insert(webhookEvents)
    .values({ agencyId: event.agencyId, type: event.type, bookingId: event.bookingId ?? null, data: await event.data() })
    .returning({ id: webhookEvents.id, seq: webhookEvents.seq });
  if (!written) throw new Error('The webhook event insert returned no row');
  await tx.insert(webhookDeliveries).values(takers.map((endpoint) => ({ eventId: written.id, endpointId: endpoint.id, bookingId: event.bookingId ?? null, seq: written.seq })));
  nudgeDeliveriesSoon();
  return written.id;
}

/** The events written within this delay go out with one nudge of the delivery job. */
const NUDGE_DELAY_MS = 500;
let nudge: NodeJS.Timeout | null = null;

/**
 * The delivery job, soon: the transaction that wrote the event cannot say when it commits, so the
 * nudge waits a moment; an event whose transaction is slower (or rolled back) is left to the
 * minute's sweep. Process-local and coalesced, so a burst of bookings sends one job.
 */
function nudgeDeliveriesSoon(): void {
  if (nudge) return;
  nudge = setTimeout(() => {
    nudge = null;
    sendJobIfQueueOpen('webhooks.deliver', {}, { retryLimit: 0 }).catch((error: unknown) => {
      console.error('[webhooks] could not nudge the delivery job', error);
    });
  }, NUDGE_DELAY_MS);
  nudge.unref();
}

/** A booking's event, with the booking as it is now in `tx` (after the change). */
export async function emitBookingEvent(tx: Transaction, booking: { id: string; agencyId: string }, type: WebhookEventType): Promise<string | null> {
  return emitWebhookEvent(tx, { agencyId: booking.agencyId, type, bookingId: booking.id, data: () => bookingData(tx, booking.id) });
}

/** What a booking event carries: the booking's reference, state and totals (AED fils). */
export async function bookingData(tx: Transaction, bookingId: string): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({
      reference: bookings.reference,
      status: bookings.status,
      tourId: bookings.tourId,
      tourName: tours.title,
      offerId: bookings.offerId,
      date: bookings.tourDate,
      time: bookings.startTime,
      adults: bookings.adults,
      children: bookings.children,
      infants: bookings.infants,
      guestName: bookings.guestName,
      paymentMethod: bookings.paymentMethod,
      netTotalMinor: bookings.netTotalMinor,
      publishedTotalMinor: bookings.publishedTotalMinor,
      paidMinor: bookings.paidMinor,
      refundMinor: bookings.refundMinor,
      cancellationFeeMinor: bookings.cancellationFeeMinor,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`Booking ${bookingId} of a webhook event does not exist`);
  const { tourName, ...booking } = row;
  return { booking: { ...booking, tourName: tourName.en, currency: 'AED', createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() } };
}

/** A booking's provider payment went through (sent by the settlement's follow-ups). */
export async function emitPaymentSettled(tx: Transaction, paymentId: string): Promise<string | null> {
  const payment = await paymentData(tx, paymentId);
  return emitWebhookEvent(tx, { agencyId: payment.agencyId, type: 'payment.settled', bookingId: payment.bookingId, data: () => ({ payment: payment.data }) });
}

/** A provider took a refund of a payment (`status` is the provider's: `succeeded` or still `pending`). */
export async function emitPaymentRefunded(tx: Transaction, refund: { id: string; paymentId: string; amountMinor: number; currency: string; reason: string; status: string }): Promise<string | null> {
  const payment = await paymentData(tx, refund.paymentId);
  const { id, paymentId: _payment, ...rest } = refund;
  return emitWebhookEvent(tx, {
    agencyId: payment.agencyId,
    type: 'payment.refunded',
    bookingId: payment.bookingId,
    data: () => ({ refund: { refundId: id, ...rest }, payment: payment.data }),
  });
}

async function paymentData(tx: Transaction, paymentId: string) {
  const [row] = await tx
    .select({
      agencyId: payments.agencyId,
      bookingId: payments.bookingId,
      purpose: payments.purpose,
      method: payments.method,
      provider: payments.provider,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      settledAt: payments.settledAt,
      bookingReference: bookings.reference,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new Error(`Payment ${paymentId} of a webhook event does not exist`);
  const { agencyId, bookingId, settledAt, ...data } = row;
  return { agencyId, bookingId, data: { paymentId, ...data, settledAt: settledAt?.toISOString() ?? null } };
}
