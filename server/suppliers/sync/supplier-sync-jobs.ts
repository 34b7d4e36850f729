import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { suppliersDueForSync, syncSupplierProducts } from './sync-supplier';

/** How often each supplier's products are compared with what we imported. */
export const SUPPLIER_SYNC_EVERY_MINUTES = 60;

/**
 * One round of the scheduled re-sync: every active supplier not synced within the hour, one after
 * another. A supplier that is down records its error and the round goes on to the next.
 */
export async function syncDueSuppliers(db: Database, now: Date = new Date()): Promise<void> {
  for (const supplierId of await suppliersDueForSync(db, now, SUPPLIER_SYNC_EVERY_MINUTES)) {
    await syncSupplierProducts(db, supplierId, now).catch((error: unknown) => console.error('[jobs] supplier sync failed', supplierId, error));
  }
}

/** Registers the re-sync on `queue`, sent every minute; each run takes only the suppliers due. */
export async function workSupplierSyncJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('suppliers.sync', () => syncDueSuppliers(db));
  await queue.everyMinute('suppliers.sync');
}
