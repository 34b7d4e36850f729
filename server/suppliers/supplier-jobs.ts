import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { expireOwnInventoryHolds } from './own-inventory/own-inventory-connector';

/**
 * Registers the suppliers' jobs on `queue`: every minute, own-inventory holds past their expiry give
 * their stock back (an indexed update of what is due), so availability shows those places again
 * without waiting for the next reserve.
 */
export async function workSupplierJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('suppliers.expireOwnInventoryHolds', async () => {
    await db.transaction((tx) => expireOwnInventoryHolds(tx, new Date()));
  });
  await queue.everyMinute('suppliers.expireOwnInventoryHolds');
}
