import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';
import { can } from '@/shared/auth/permissions';

/** How many of an endpoint's latest deliveries the page shows. */
const RECENT_DELIVERIES = 10;

export type WebhookAttemptView = { at: string; statusCode: number | null; durationMs: number; error: string | null };
export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  createdAt: string;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
  /** Newest first. */
  attempts: WebhookAttemptView[];
};
export type WebhookEndpointView = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  /** Switched off by the portal after three days of failures. */
  disabledForFailing: boolean;
  createdAt: string;
  deliveries: WebhookDeliveryView[];
};

/** The agency's endpoints (never their secrets), each with its latest deliveries and their attempts. */
export async function listWebhookEndpoints(db: Database, principal: Principal): Promise<WebhookEndpointView[]> {
  if (!can(principal.role, 'company:edit')) throw new Forbidden();
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.agencyId, principal.agencyId))
    .orderBy(webhookEndpoints.createdAt);
  if (endpoints.length === 0) return [];

  const deliveries = (
    await Promise.all(
      endpoints.map((endpoint) =>
        db
          .select({
            id: webhookDeliveries.id,
            endpointId: webhookDeliveries.endpointId,
            eventId: webhookEvents.id,
            eventType: webhookEvents.type,
            createdAt: webhookDeliveries.createdAt,
            status: webhookDeliveries.status,
            nextAttemptAt: webhookDeliveries.nextAttemptAt,
          })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookDeliveries.endpointId, endpoint.id))
          .orderBy(desc(webhookDeliveries.seq))
          .limit(RECENT_DELIVERIES),
      ),
    )
  ).flat();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(and(inArray(webhookAttempts.deliveryId, deliveries.map((delivery) => delivery.id))))
          .orderBy(desc(webhookAttempts.createdAt));

  return endpoints.map((endpoint) => ({
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledForFailing: !endpoint.enabled && endpoint.disabledReason === 'failing',
    createdAt: endpoint.createdAt.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.endpointId === endpoint.id)
      .map((delivery) => ({
        id: delivery.id,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        createdAt: delivery.createdAt.toISOString(),
        status: delivery.status,
        nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
        attempts: attempts
          .filter((attempt) => attempt.deliveryId === delivery.id)
          .map((attempt) => ({ at: attempt.createdAt.toISOString(), statusCode: attempt.statusCode, durationMs: attempt.durationMs, error: attempt.error })),
      })),
  }));
}
