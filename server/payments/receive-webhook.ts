import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { payments } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { isInvalidWebhook } from './gateway';
import { findGateway } from './gateways';
import type { WebhookEvent } from './gateway';

/**
 * A provider's webhook: verified on its raw body by the provider's adapter and matched to our
 * payment by the provider's reference (and the payment id it carries, when it carries one); the
 * caller then settles that payment from the provider's own state (server/checkout/settlement.ts).
 * Anything forged, stale, unknown or not matching is refused with nothing changed.
 */
export async function matchWebhook(db: Database, provider: string, rawBody: Uint8Array, headers: Headers): Promise<{ paymentId: string; event: WebhookEvent }> {
  const gateway = findGateway(provider);
  if (!gateway) throw new RuleViolation('paymentErrors.unknownProvider');
  let event;
  try {
    event = await gateway.parseWebhook(rawBody, headers);
  } catch (error) {
    if (isInvalidWebhook(error)) throw new RuleViolation('paymentErrors.webhookInvalid');
    throw error;
  }
  if (!event.providerReference) throw new RuleViolation('paymentErrors.unknown');
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, event.providerReference)));
  if (!payment || (event.paymentId !== null && event.paymentId !== payment.id)) throw new RuleViolation('paymentErrors.unknown');
  return { paymentId: payment.id, event };
}
