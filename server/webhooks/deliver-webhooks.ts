import 'server-only';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/server/db/schema';
import { isDomainError } from '@/server/errors';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { mailEndpointDisabled } from './webhook-mail';
import { type AttemptOutcome, postWebhook } from './post-webhook';
import { allowsPrivateAddresses, resolveTarget } from './webhook-address';
import { webhookHeaders } from './webhook-signature';

// Sends the outbox's deliveries (docs/webhooks.md "Delivery"). Each run claims the due ones with a
// conditional update and a lease (so two runners never send one delivery at once), skips a
// delivery while an earlier one of the same booking to the same endpoint is still pending (events
// of a booking arrive in order), posts each, logs the attempt, and either marks it delivered or
// schedules the next try with exponential backoff until its three days are up. An endpoint that
// has failed every attempt for three days is switched off and its agency's admins are mailed.

/** Retries of one delivery stop three days after it was written (or resent). */
export const RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** An endpoint failing every attempt this long is switched off. */
export const DISABLE_AFTER_MS = RETRY_WINDOW_MS;
/** A claimed delivery is not claimed again for this long: more than an attempt can take. */
const LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 12 * 3600;
const BATCH = 20;
const MAX_ROUNDS = 10;

/** Exponential backoff: 30 s, 1 min, 2 min… after the first, second, third failure, at most 12 h. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, failures - 1));
}

export type DeliverOptions = {
  now?: Date;
  mailer?: Mailer;
  allowPrivate?: boolean;
  post?: typeof postWebhook;
};

/**
 * Sends every delivery due by `now` (rounds until none is left, so a booking's next event follows
 * its predecessor in the same run); answers how many attempts were made.
 */
export async function deliverDueWebhooks(db: Database, options: DeliverOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed' })
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.giveUpAt, now)));
  let attempts = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((delivery) => attemptDelivery(db, delivery, now, options)));
    attempts += claimed.length;
  }
  return attempts;
}

type ClaimRow = { id: string; event_id: string; endpoint_id: string; attempts: number | string; give_up_at: string | Date };
type Claimed = { id: string; eventId: string; endpointId: string; attempts: number; giveUpAt: Date };

async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  // One statement: rows another runner holds are skipped, and the lease moves them out of "due".
  const result = await db.execute(sql`
    UPDATE webhook_deliveries d
    SET next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = d.attempts + 1
    WHERE d.id IN (
      SELECT c.id FROM webhook_deliveries c
      JOIN webhook_endpoints e ON e.id = c.endpoint_id AND e.enabled
      WHERE c.status = 'pending' AND c.next_attempt_at <= ${now.toISOString()}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.endpoint_id = c.endpoint_id AND p.booking_id = c.booking_id AND p.status = 'pending' AND p.seq < c.seq
        )
      ORDER BY c.seq
      LIMIT ${BATCH}
      FOR UPDATE OF c SKIP LOCKED
    )
    AND d.status = 'pending' AND d.next_attempt_at <= ${now.toISOString()}::timestamptz
    RETURNING d.id, d.event_id, d.endpoint_id, d.attempts, d.give_up_at`);
  // postgres.js answers the rows, PGlite an object holding them.
  const list = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as ClaimRow[];
  return list.map((row) => ({ id: row.id, eventId: row.event_id, endpointId: row.endpoint_id, attempts: Number(row.attempts), giveUpAt: new Date(row.give_up_at) }));
}

/** The JSON a delivery posts: the same bytes for every attempt and resend of the event. */
export function webhookBody(event: { id: string; type: string; createdAt: Date; data: Record<string, unknown> }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

async function attemptDelivery(db: Database, delivery: Claimed, now: Date, options: DeliverOptions): Promise<void> {
  const [row] = await db
    .select({ event: webhookEvents, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEvents)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, delivery.endpointId))
    .where(eq(webhookEvents.id, delivery.eventId));
  if (!row) return;
  const body = webhookBody(row.event);
  const outcome = await send(new URL(row.url), webhookHeaders(row.secret, row.event.id, body, now), body, options);
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error });
    if (outcome.error === null) {
      await tx.update(webhookDeliveries).set({ status: 'delivered', deliveredAt: now }).where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, delivery.endpointId));
      return;
    }
    const next = new Date(now.getTime() + retryDelaySeconds(delivery.attempts) * 1000);
    await tx
      .update(webhookDeliveries)
      .set(next >= delivery.giveUpAt ? { status: 'failed', nextAttemptAt: now } : { nextAttemptAt: next })
      .where(eq(webhookDeliveries.id, delivery.id));
    await recordFailure(tx, delivery.endpointId, now, options.mailer ?? getMailer());
  });
}

async function send(url: URL, headers: Record<string, string>, body: string, options: DeliverOptions): Promise<AttemptOutcome> {
  try {
    const target = await resolveTarget(url, options.allowPrivate ?? allowsPrivateAddresses());
    return await (options.post ?? postWebhook)(url, target, headers, body);
  } catch (error) {
    const refused = isDomainError(error, 'ruleViolation') && 'address' in error;
    const reason = refused ? `refused: ${String(error.address)} is not a public address` : error instanceof Error ? error.message : String(error);
    return { statusCode: null, durationMs: 0, error: reason.slice(0, 500) };
  }
}

/** Counts a failed attempt against its endpoint; three days of nothing but failures switch it off. */
async function recordFailure(tx: Transaction, endpointId: string, now: Date, mailer: Mailer): Promise<void> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
  if (!endpoint?.enabled || !endpoint.failingSince || now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id, agencyId: webhookEndpoints.agencyId, url: webhookEndpoints.url });
  if (disabled) await mailEndpointDisabled(tx, disabled, mailer);
}
