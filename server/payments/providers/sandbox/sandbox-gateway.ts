import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { localizedPath } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { sandboxCharges } from '@/server/db/schema';
import type { ChargeState, ChargeStatus, CreateChargeInput, CreatedCharge, PaymentGateway, RefundInput, RefundResult, WebhookEvent } from '../../gateway';
import { InvalidWebhook } from '../../gateway';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature';

// The embedded test gateway: a provider of our own whose books are the
// `sandbox_charges` table and whose hosted page is /pay/sandbox/<charge id>. It behaves like the
// real ones where it matters to the portal: idempotent create, signed webhooks delivered late and
// more than once, state re-fetched on demand, refunds.

export type SandboxChargeStatus = 'requires_payment' | 'requires_action' | 'processing' | 'succeeded' | 'failed';

export type SandboxEvent = { id: string; type: string; created: number; data: { chargeId: string; paymentId: string; status: SandboxChargeStatus } };

const STATUS: Record<SandboxChargeStatus, ChargeStatus> = {
  requires_payment: 'pending',
  requires_action: 'pending',
  processing: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
};

/** The webhook secret: PAYMENTS_SANDBOX_SECRET, else one derived from the portal's own secret. */
export function sandboxSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.PAYMENTS_SANDBOX_SECRET ?? `sandbox:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

export function newSandboxId(prefix: 'ch' | 'evt' | 're'): string {
  return `sbx_${prefix}_${randomBytes(12).toString('hex')}`;
}

export function sandboxGateway(database: () => Promise<Database>, secret = sandboxSecret()): PaymentGateway {
  return {
    id: 'sandbox',
    isSandbox: true,
    methods: ['card', 'crypto', 'sbp'],
    currencies: ['AED', 'USD', 'RUB'],

    async createCharge(input: CreateChargeInput): Promise<CreatedCharge> {
      const db = await database();
      const id = newSandboxId('ch');
      await db
        .insert(sandboxCharges)
        .values({
          id,
          paymentId: input.paymentId,
          idempotencyKey: input.idempotencyKey,
          method: input.method,
          amountMinor: input.amountMinor,
          currency: input.currency,
          status: 'requires_payment',
          returnUrl: input.returnUrl,
          webhookUrl: input.webhookUrl,
          description: input.description,
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey });
      // A repeated create with the same key answers the charge the first one made.
      const [charge] = await db.select({ id: sandboxCharges.id }).from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
      if (!charge) throw new Error('The sandbox charge was not stored');
      // The hosted page speaks the payer's language, as a provider's does when told the locale.
      return {
        providerReference: charge.id,
        nextAction: { kind: 'redirect', url: `${new URL(input.returnUrl).origin}${localizedPath(input.locale, `/pay/sandbox/${charge.id}`)}` },
      };
    },

    async retrieve(providerReference: string): Promise<ChargeState> {
      const db = await database();
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, providerReference));
      if (!charge) throw new Error(`No sandbox charge ${providerReference}`);
      return {
        providerReference: charge.id,
        status: STATUS[charge.status as SandboxChargeStatus],
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        paymentId: charge.paymentId,
        failureCode: charge.failureCode ?? undefined,
      };
    },

    async parseWebhook(rawBody: Uint8Array, headers: Headers): Promise<WebhookEvent> {
      const body = new TextDecoder().decode(rawBody);
      verifySandboxSignature(body, headers.get(SANDBOX_SIGNATURE_HEADER), secret);
      let event: SandboxEvent;
      try {
        event = JSON.parse(body) as SandboxEvent;
      } catch {
        throw new InvalidWebhook('body is not JSON');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.chargeId !== 'string') {
        throw new InvalidWebhook('not a sandbox event');
      }
      return { eventId: event.id, type: event.type, providerReference: event.data.chargeId, paymentId: event.data.paymentId ?? null, payload: event };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const db = await database();
      // Never more than was paid: a refund past that is refused, as a provider would.
      const reference = `sbx_re_${input.idempotencyKey}`;
      const updated = await db
        .update(sandboxCharges)
        .set({ refundedMinor: sql`${sandboxCharges.refundedMinor} + ${input.amountMinor}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxCharges.id, input.providerReference),
            eq(sandboxCharges.status, 'succeeded'),
            lte(sql`${sandboxCharges.refundedMinor} + ${input.amountMinor}`, sandboxCharges.amountMinor),
          ),
        )
        .returning({ id: sandboxCharges.id });
      if (updated.length === 0) return { refundReference: reference, status: 'failed' };
      return { refundReference: reference, status: 'succeeded' };
    },
  };
}
