import 'server-only';
import { getDb } from '@/server/db/database';
import { jobQueue } from './jobs';
import { workCreditJobs } from '@/server/credit/credit-jobs';
import { workWidgetDomainJobs } from '@/server/widgets/domains/domain-jobs';
import { workApiAccessJobs } from '@/server/api-access/api-access-jobs';
import { workWebhookJobs } from '@/server/webhooks/webhook-jobs';
import { workSupplierJobs } from '@/server/suppliers/supplier-jobs';
import { workSupplierSyncJobs } from '@/server/suppliers/sync/supplier-sync-jobs';
import { workPaymentJobs } from './payment-jobs';
import { workSupplierBookingJobs } from '@/server/suppliers/booking/supplier-booking-jobs';
import { workEdgeCacheJobs } from '@/server/edge-cache/edge-purge';

/**
 * Starts this process's job runner (instrumentation.ts, after the database is ready). Every portal
 * process runs one; on PostgreSQL pg-boss hands each job to exactly one of them. JOBS=off starts
 * none (a process that only serves pages; jobs it sends wait for a runner).
 */
export async function startJobs(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.JOBS === 'off') return;
  const queue = await jobQueue();
  await workPaymentJobs(queue, await getDb());
  await workCreditJobs(queue, await getDb());
  await workWidgetDomainJobs(queue, await getDb());
  await workApiAccessJobs(queue, await getDb());
  await workWebhookJobs(queue, await getDb());
  await workSupplierJobs(queue, await getDb());
  await workSupplierBookingJobs(queue, await getDb());
  await workSupplierSyncJobs(queue, await getDb());
  await workEdgeCacheJobs(queue, await getDb());
  console.info(`[jobs] ${queue.kind} runner started`);
}
