import 'server-only';
import { getDb } from '@/server/db/database';
import { jobQueue, jobRunnerState, openedJobQueue, setJobRunnerState } from './jobs';
import { workCreditJobs } from '@/server/credit/credit-jobs';
import { workWidgetDomainJobs } from '@/server/widgets/domains/domain-jobs';
import { workApiAccessJobs } from '@/server/api-access/api-access-jobs';
import { workWebhookJobs } from '@/server/webhooks/webhook-jobs';
import { workSupplierJobs } from '@/server/suppliers/supplier-jobs';
import { workSupplierSyncJobs } from '@/server/suppliers/sync/supplier-sync-jobs';
import { workPaymentJobs } from './payment-jobs';
import { workSupplierBookingJobs } from '@/server/suppliers/booking/supplier-booking-jobs';
import { workEdgeCacheJobs } from '@/server/edge-cache/edge-purge';
import { observeJobQueue } from '@/server/telemetry/metrics';
import { readQueueStats } from './traced-queue';
import { workTelemetryJobs } from '@/server/telemetry/telemetry-jobs';
import { workReplayJobs } from '@/server/telemetry/replay/replay-jobs';
import { workCatalogJobs } from '@/server/catalog/popularity';
import { workDashboardJobs } from '@/server/dashboard/cancellation-digest';

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
  await workTelemetryJobs(queue, await getDb());
  await workReplayJobs(queue, await getDb());
  await workCatalogJobs(queue, await getDb());
  await workDashboardJobs(queue, await getDb());
  setJobRunnerState('running');
  // The queue's depth and age as metrics, read when a collector collects them (docs/telemetry.md#server).
  const db = await getDb();
  observeJobQueue(() => readQueueStats(db, queue.kind));
  console.info(`[jobs] ${queue.kind} runner started`);
}

/**
 * The first step of a shutdown (server/lifecycle/shutdown.ts): this process takes no new job; the
 * jobs running go on, and requests still being answered can still send jobs.
 */
export async function stopTakingJobs(): Promise<void> {
  const queue = openedJobQueue();
  if (!queue) return;
  if (jobRunnerState() === 'running') setJobRunnerState('stopped');
  await (await queue).stopWorking();
}

/**
 * The last step before the database closes: waits up to `timeoutMs` for the jobs still running
 * (one still running then is retried by another runner or after the restart) and closes the
 * queue's connections.
 */
export async function closeJobQueue(timeoutMs: number): Promise<void> {
  const queue = openedJobQueue();
  if (!queue) return;
  if (jobRunnerState() === 'running') setJobRunnerState('stopped');
  await (await queue).stop({ timeoutMs });
}
