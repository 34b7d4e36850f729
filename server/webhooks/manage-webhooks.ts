import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { type AuditChanges, recordAudit } from '@/server/audit/audit';
import type { Database, Transaction } from '@/server/db/connection';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/server/db/schema';
import { Forbidden, isDomainError, NotFound, RuleViolation } from '@/server/errors';
import { sendJob } from '@/server/jobs/jobs';
import { can } from '@/shared/auth/permissions';
import { type CreateEndpointInput, MAX_WEBHOOK_ENDPOINTS, WEBHOOK_TEST_EVENT } from '@/shared/webhooks/webhook-schema';
import { resolveTarget } from './webhook-address';
import { newWebhookSecret } from './webhook-signature';

// An agency's webhook endpoints, managed by its admin on /my-agencies (the permission of the
// company settings: payloads carry NET figures, which only the agency's admins manage). Every
// query is scoped by the admin's agency: another agency's endpoint is "not found".

function assertManager(principal: Principal): void {
  if (!can(principal.role, 'company:edit')) throw new Forbidden();
}

/** Adds an endpoint; answers its secret, which is shown this once. */
export async function createEndpoint(db: Database, principal: Principal, input: CreateEndpointInput): Promise<{ endpointId: string; secret: string }> {
  assertManager(principal);
  // Refused at once when its host is a private address (deliveries would refuse it each time).
  await resolveTarget(new URL(input.url)).catch((error: unknown) => {
    if (isDomainError(error, 'ruleViolation')) throw error;
    throw new RuleViolation('webhooks.errors.unresolvable', {}, 'url');
  });
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.agencyId, principal.agencyId));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new RuleViolation('webhooks.errors.tooMany', { max: MAX_WEBHOOK_ENDPOINTS }, 'url');
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({ agencyId: principal.agencyId, url: input.url, events: [...input.events], secret, createdBy: principal.userId })
      .returning({ id: webhookEndpoints.id });
    const endpointId = endpoint!.id;
    await recordEndpointChange(tx, principal, endpointId, 'webhook.create', { url: { from: null, to: input.url }, events: { from: null, to: input.events.join(', ') } });
    return { endpointId, secret };
  });
}

/** Switches an endpoint on or off; switching on clears the failure count that switched it off. */
export async function setEndpointEnabled(db: Database, principal: Principal, endpointId: string, enabled: boolean): Promise<void> {
  assertManager(principal);
  await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ url: webhookEndpoints.url, enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.agencyId, principal.agencyId)))
      .for('update');
    if (!endpoint) throw new NotFound();
    await tx.update(webhookEndpoints).set({ enabled, disabledReason: null, failingSince: null, updatedAt: sql`now()` }).where(eq(webhookEndpoints.id, endpointId));
    if (endpoint.enabled !== enabled) {
      await recordEndpointChange(tx, principal, endpointId, enabled ? 'webhook.enable' : 'webhook.disable', { url: { from: endpoint.url, to: endpoint.url } });
    }
  });
  if (enabled) await nudgeDeliveries();
}

export async function deleteEndpoint(db: Database, principal: Principal, endpointId: string): Promise<void> {
  assertManager(principal);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.agencyId, principal.agencyId)))
      .returning({ url: webhookEndpoints.url });
    if (!deleted) throw new NotFound();
    await recordEndpointChange(tx, principal, endpointId, 'webhook.delete', { url: { from: deleted.url, to: null } });
  });
}

/** The company's history keeps who added, switched or deleted an endpoint (never its secret). */
function recordEndpointChange(tx: Transaction, principal: Principal, endpointId: string, action: 'webhook.create' | 'webhook.enable' | 'webhook.disable' | 'webhook.delete', changes: AuditChanges) {
  return recordAudit(tx, { agencyId: principal.agencyId, actorUserId: principal.userId, entity: 'webhook', entityId: endpointId, action, changes });
}

/** "Send test event": a `webhook.test` event to this endpoint alone, sent at once. */
export async function sendTestEvent(db: Database, principal: Principal, endpointId: string): Promise<{ eventId: string }> {
  assertManager(principal);
  const eventId = await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.agencyId, principal.agencyId)));
    if (!endpoint) throw new NotFound();
    if (!endpoint.enabled) throw new RuleViolation('webhooks.errors.disabled');
    const [event] = await tx
      .insert(webhookEvents)
      .values({ agencyId: principal.agencyId, type: WEBHOOK_TEST_EVENT, data: { message: 'A test event from Traveldesk B2B', agency: principal.agencyName } })
      .returning({ id: webhookEvents.id, seq: webhookEvents.seq });
    await tx.insert(webhookDeliveries).values({ eventId: event!.id, endpointId, seq: event!.seq });
    return event!.id;
  });
  await nudgeDeliveries();
  return { eventId };
}

/**
 * "Resend": the delivery is tried again at once with the same event id and body (a receiver that
 * had it already de-duplicates by the id), with three new days of retries.
 */
export async function resendDelivery(db: Database, principal: Principal, deliveryId: string): Promise<void> {
  assertManager(principal);
  const resent = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, giveUpAt: sql`now() + interval '3 days'`, deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        sql`${webhookDeliveries.endpointId} in (select id from webhook_endpoints where agency_id = ${principal.agencyId})`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (resent.length === 0) throw new NotFound();
  await nudgeDeliveries();
}

/** After a commit: the delivery job runs now rather than at the next minute's sweep. */
export async function nudgeDeliveries(): Promise<void> {
  await sendJob('webhooks.deliver', {}, { retryLimit: 0 });
}
