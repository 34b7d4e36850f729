import 'server-only';
import { and, inArray, lte } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { payments } from '@/server/db/schema';
import { stillLookedUp } from './provider-lookups';
import { queueRefunds, unsentRefunds } from './refunds';

/** A payment this fresh is the return URL's and the webhook's to settle. */
const GRACE_MS = 30_000;

/**
 * What the reconciliation job (server/checkout/settlement.ts) settles from the provider's state:
 * open payments past their grace (a lost webhook, a "processing" card), at most 200 a run.
 */
export async function paymentsToReconcile(db: Database, now: Date): Promise<string[]> {
  const open = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['created', 'processing']),
        stillLookedUp(now),
        lte(payments.createdAt, new Date(now.getTime() - GRACE_MS)),
      ),
    )
    .limit(200);
  return open.map((payment) => payment.id);
}

/** Refunds recorded but never submitted (a crash between the decision and its job) go to the queue again. */
export async function requeueUnsentRefunds(db: Database): Promise<void> {
  await queueRefunds(await unsentRefunds(db));
}
