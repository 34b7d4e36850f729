import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { pruneIdempotentRequests } from './idempotency';

/** Registers the pruning of old `Idempotency-Key` answers on `queue` and sends it every minute (an indexed delete of what is due). */
export async function workApiAccessJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('api.pruneIdempotentRequests', async () => {
    await pruneIdempotentRequests(db);
  });
  await queue.everyMinute('api.pruneIdempotentRequests');
}
