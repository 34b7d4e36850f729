import 'server-only';
import { and, inArray, lte } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { payments } from '@/server/db/schema';
import { expireHold, overdueHolds } from './holds';
import { stillLookedUp } from './provider-lookups';
import { queueRefunds, unsentRefunds } from './refunds';
import { settlePayment } from './settle-payment';

/** A payment this fresh is the return URL's and the webhook's to settle. */
const GRACE_MS = 30_000;

/**
 * The reconciliation job (every minute): settles open payments from the provider's state (a lost
 * webhook, a "processing" card), expires overdue holds and re-queues refunds never submitted, so a
 * lost job or a crash between a decision and its job delays money, never loses it.
 */
export async function reconcilePayments(db: Database, now = new Date()): Promise<void> {
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
  for (const payment of open) await settlePayment(db, payment.id).catch((error: unknown) => console.warn('[payments] reconcile', payment.id, error));
  for (const bookingId of await overdueHolds(db, now)) await expireHold(db, bookingId, now);
  await queueRefunds(await unsentRefunds(db));
}
