import 'server-only';
import type { Database } from '@/server/db/connection';
import { expireHold, reconcilePayments, settle } from '@/server/checkout/settlement';
import { processRefund } from '@/server/payments/refunds';
import { deliverSandboxWebhook, finishSandboxProcessing } from '@/server/payments/providers/sandbox/sandbox-charges';
import type { SandboxEvent } from '@/server/payments/providers/sandbox/sandbox-gateway';
import type { JobHandler, JobName, JobQueue } from './job-queue';

/** What each payment job does, over one database. */
export function paymentJobHandlers(db: Database): Record<Extract<JobName, `payments.${string}`>, JobHandler> {
  return {
    'payments.deliverWebhook': (data) => deliverSandboxWebhook(data as { webhookUrl: string; event: SandboxEvent }),
    'payments.sandboxProcessing': (data) => finishSandboxProcessing(db, String(data.chargeId)),
    'payments.expireHold': async (data) => {
      await expireHold(db, String(data.bookingId));
    },
    'payments.settle': async (data) => {
      await settle(db, String(data.paymentId));
    },
    'payments.refund': (data) => processRefund(db, String(data.refundId)),
    'payments.reconcile': () => reconcilePayments(db),
  };
}

/** Registers every payment job's handler on `queue` and the minute's reconciliation. */
export async function workPaymentJobs(queue: JobQueue, db: Database): Promise<void> {
  for (const [name, handler] of Object.entries(paymentJobHandlers(db)) as [JobName, JobHandler][]) await queue.work(name, handler);
  await queue.everyMinute('payments.reconcile');
}
