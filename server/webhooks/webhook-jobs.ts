import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { deliverDueWebhooks } from './deliver-webhooks';

/**
 * The delivery job: sent at once after a test event or a resend, and every minute (once across
 * processes) for the events changes wrote and the retries that came due. Its own retries are the
 * deliveries' (three days of backoff, in the table), so the job itself is never retried.
 */
export async function workWebhookJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('webhooks.deliver', async () => {
    await deliverDueWebhooks(db);
  });
  await queue.everyMinute('webhooks.deliver');
}
