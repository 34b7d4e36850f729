import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { pruneReplays } from './replay-store';

/** Registers `replays.prune` on `queue` and sends it every minute: an indexed delete of what is due, nothing when nothing is. */
export async function workReplayJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('replays.prune', async () => {
    await pruneReplays(db);
  });
  await queue.everyMinute('replays.prune');
}
