import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { bookings, embeddedJobs, payments } from '@/server/db/schema';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { installJobQueue } from '@/server/jobs/jobs';
import type { PaymentGateway } from '@/server/payments/gateway';
import { installGateways } from '@/server/payments/gateways';
import { sandboxGateway } from '@/server/payments/providers/sandbox/sandbox-gateway';
import { signSandboxPayload } from '@/server/payments/providers/sandbox/sandbox-signature';
import type { SandboxEvent } from '@/server/payments/providers/sandbox/sandbox-gateway';
import { startBookingPayment } from '@/server/payments/start-payment';
import { addDays, checkoutInput, findOffer, prepareSlot } from '../support/booking-fixtures';

// Payments over a test database: the real sandbox gateway and the embedded job table, so the
// tests run the production settlement; only the webhook's HTTP hop is replaced by calling the
// receiver with the very bytes and signature the sandbox would post.

export const SECRET = 'test-sandbox-secret';
export const ORIGIN = 'http://localhost:3000';
export const PLACE = { variant: 'main' as const, displayCurrency: 'AED' as const, origin: ORIGIN, locale: 'en' as const };

export function setUpPayments(db: Database, extra: PaymentGateway[] = []): EmbeddedQueue {
  const queue = new EmbeddedQueue(db);
  installJobQueue(queue);
  installGateways([...extra, sandboxGateway(async () => db, SECRET)]);
  return queue;
}

export function forgetPayments(): void {
  installJobQueue(null);
  installGateways(null);
}

/** A card booking of `adults` on a fresh slot with `left` tickets, and its first payment started. */
export async function cardBooking(db: Database, agent: Principal, options: { left?: number; adults?: number; daysAhead?: number } = {}) {
  const offer = await findOffer(db, 'shared');
  const today = new Date().toISOString().slice(0, 10);
  const date = addDays(today, options.daysAhead ?? 20 + Math.floor(Math.random() * 200));
  const slot = await prepareSlot(db, offer.id, date, { left: options.left ?? 10 });
  const booked = await createBooking(db, agent, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: options.adults ?? 2, paymentMethod: 'card' }), { locale: 'en' });
  const started = await startBookingPayment(db, agent, { ...PLACE, reference: booked.reference, method: 'card' });
  const chargeId = started.nextAction.kind === 'redirect' ? started.nextAction.url.split('/').pop()! : '';
  return { offer, slot, date, reference: booked.reference, status: booked.status, paymentId: started.paymentId, chargeId, nextAction: started.nextAction };
}

/** The webhook events the sandbox queued for delivery, oldest first. */
export async function queuedEvents(db: Database): Promise<SandboxEvent[]> {
  const rows = await db.select({ data: embeddedJobs.data }).from(embeddedJobs).where(eq(embeddedJobs.name, 'payments.deliverWebhook')).orderBy(asc(embeddedJobs.createdAt));
  return rows.map((row) => (row.data as { event: SandboxEvent }).event);
}

/** The raw body and headers the sandbox's delivery job would post. */
export function signedDelivery(event: SandboxEvent, secret = SECRET, timestamp?: number): { body: Uint8Array; headers: Headers } {
  const text = JSON.stringify(event);
  return { body: new TextEncoder().encode(text), headers: new Headers({ 'sandbox-signature': signSandboxPayload(text, secret, timestamp) }) };
}

export async function bookingRow(db: Database, reference: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
}

export async function paymentRow(db: Database, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

export async function clearQueuedJobs(db: Database): Promise<void> {
  await db.delete(embeddedJobs).where(and(sql`true`));
}
