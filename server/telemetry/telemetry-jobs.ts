import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { pruneTelemetry } from './telemetry-prune';

/** Registers `telemetry.prune` on `queue` and sends it every minute (each run deletes what aged out since the last). */
export async function workTelemetryJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('telemetry.prune', async () => {
    await pruneTelemetry(db);
  });
  await queue.everyMinute('telemetry.prune');
}
