import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { sandboxCharges } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { sendJob } from '@/server/jobs/jobs';
import type { FailureReasonTable } from '@/shared/payments/failure-reasons';
import { sandboxCardOutcome, type SandboxCardOutcome } from '@/shared/payments/sandbox-cards';
import { newSandboxId, type SandboxChargeStatus, type SandboxEvent, sandboxSecret } from './sandbox-gateway';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature';

// What the payer does on the sandbox's hosted page (/pay/sandbox/<charge id>), and the sandbox's
// side of the webhooks: each change of a charge is posted, signed, to the portal by a job that
// retries with backoff, like a provider's delivery.

/** How long a "processing" test card takes to settle. */
export const SANDBOX_PROCESSING_SECONDS = 4;

export type SandboxChargeView = {
  id: string;
  method: 'card' | 'crypto' | 'sbp';
  amountMinor: number;
  currency: string;
  status: SandboxChargeStatus;
  description: string;
  returnUrl: string;
  failureCode: string | null;
};

export async function loadSandboxCharge(db: Database, chargeId: string): Promise<SandboxChargeView | null> {
  const [charge] = await db
    .select({
      id: sandboxCharges.id,
      method: sandboxCharges.method,
      amountMinor: sandboxCharges.amountMinor,
      currency: sandboxCharges.currency,
      status: sandboxCharges.status,
      description: sandboxCharges.description,
      returnUrl: sandboxCharges.returnUrl,
      failureCode: sandboxCharges.failureCode,
    })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.id, chargeId));
  if (!charge) return null;
  return { ...charge, method: charge.method as SandboxChargeView['method'], status: charge.status as SandboxChargeStatus };
}

const CARD_RESULT: Record<Exclude<SandboxCardOutcome, 'challenge' | 'processing'>, { status: SandboxChargeStatus; failureCode: string | null }> = {
  success: { status: 'succeeded', failureCode: null },
  decline: { status: 'failed', failureCode: 'card_declined' },
  insufficientFunds: { status: 'failed', failureCode: 'insufficient_funds' },
  expiredCard: { status: 'failed', failureCode: 'expired_card' },
};

/** The sandbox's failure codes, as a provider's: the reason each one gives the payer. */
export const SANDBOX_FAILURE_REASONS: FailureReasonTable = {
  card_declined: 'declined',
  insufficient_funds: 'insufficientFunds',
  expired_card: 'expiredCard',
  authentication_failed: 'authenticationFailed',
  payer_cancelled: 'payerCancelled',
};

/** A test card on the hosted page: the charge succeeds, fails, asks for 3-D Secure or starts processing. */
export async function payWithSandboxCard(db: Database, chargeId: string, cardNumber: string): Promise<{ next: 'return' | 'challenge'; returnUrl: string }> {
  const outcome = sandboxCardOutcome(cardNumber);
  if (!outcome) throw new RuleViolation('paymentErrors.unknownCard', {}, 'cardNumber');
  const charge = await openCharge(db, chargeId, 'card', ['requires_payment']);
  if (outcome === 'challenge') {
    await moveCharge(db, charge, ['requires_payment'], { status: 'requires_action', failureCode: null });
    return { next: 'challenge', returnUrl: charge.returnUrl };
  }
  if (outcome === 'processing') {
    await moveCharge(db, charge, ['requires_payment'], { status: 'processing', failureCode: null });
    await sendJob('payments.sandboxProcessing', { chargeId }, { startAfter: new Date(Date.now() + SANDBOX_PROCESSING_SECONDS * 1000) });
    return { next: 'return', returnUrl: charge.returnUrl };
  }
  await moveCharge(db, charge, ['requires_payment'], CARD_RESULT[outcome]);
  return { next: 'return', returnUrl: charge.returnUrl };
}

/** The 3-D Secure step: the cardholder authenticates (the charge succeeds) or fails to. */
export async function completeSandboxChallenge(db: Database, chargeId: string, approve: boolean): Promise<{ returnUrl: string }> {
  const charge = await openCharge(db, chargeId, 'card', ['requires_action']);
  await moveCharge(db, charge, ['requires_action'], approve ? { status: 'succeeded', failureCode: null } : { status: 'failed', failureCode: 'authentication_failed' });
  return { returnUrl: charge.returnUrl };
}

/** A crypto wallet or an SBP bank app pays, or the payer cancels. */
export async function payWithSandboxWallet(db: Database, chargeId: string, approve: boolean): Promise<{ returnUrl: string }> {
  const [found] = await db.select({ method: sandboxCharges.method }).from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
  if (!found || found.method === 'card') throw new NotFound();
  const charge = await openCharge(db, chargeId, found.method as 'crypto' | 'sbp', ['requires_payment']);
  await moveCharge(db, charge, ['requires_payment'], approve ? { status: 'succeeded', failureCode: null } : { status: 'failed', failureCode: 'payer_cancelled' });
  return { returnUrl: charge.returnUrl };
}

/** The job that finishes a "processing" card. */
export async function finishSandboxProcessing(db: Database, chargeId: string): Promise<void> {
  const charge = await loadCharge(db, chargeId);
  if (charge?.status === 'processing') await moveCharge(db, charge, ['processing'], { status: 'succeeded', failureCode: null });
}

/** The job that posts one event to the portal; a failed delivery throws, so the queue retries it. */
export async function deliverSandboxWebhook(data: { webhookUrl: string; event: SandboxEvent }, secret = sandboxSecret()): Promise<void> {
  const body = JSON.stringify(data.event);
  const response = await fetch(loopbackUrl(data.webhookUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Webhook answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

/**
 * `*.localhost` names (the Russian and partner variants in development) resolve in browsers but
 * not necessarily in Node; the portal behind them is the same loopback server.
 */
function loopbackUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname.endsWith('.localhost')) parsed.hostname = '127.0.0.1';
  return parsed.toString();
}

type ChargeRow = typeof sandboxCharges.$inferSelect;

async function loadCharge(db: Database, chargeId: string): Promise<ChargeRow | null> {
  const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
  return charge ?? null;
}

async function openCharge(db: Database, chargeId: string, method: 'card' | 'crypto' | 'sbp', states: SandboxChargeStatus[]): Promise<ChargeRow> {
  const charge = await loadCharge(db, chargeId);
  if (!charge || charge.method !== method) throw new NotFound();
  if (!states.includes(charge.status as SandboxChargeStatus)) throw new RuleViolation('paymentErrors.chargeClosed');
  return charge;
}

/** A conditional move (a second click changes nothing), then the event for it. */
async function moveCharge(db: Database, charge: ChargeRow, from: SandboxChargeStatus[], to: { status: SandboxChargeStatus; failureCode: string | null }): Promise<void> {
  const moved = await db
    .update(sandboxCharges)
    .set({ ...to, updatedAt: sql`now()` })
    .where(and(eq(sandboxCharges.id, charge.id), inArray(sandboxCharges.status, from)))
    .returning({ id: sandboxCharges.id });
  if (moved.length === 0) throw new RuleViolation('paymentErrors.chargeClosed');
  if (to.status === 'requires_action') return;
  const event: SandboxEvent = {
    id: newSandboxId('evt'),
    type: `charge.${to.status}`,
    created: Math.floor(Date.now() / 1000),
    data: { chargeId: charge.id, paymentId: charge.paymentId, status: to.status },
  };
  await sendJob('payments.deliverWebhook', { webhookUrl: charge.webhookUrl, event });
}
