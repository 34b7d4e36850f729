import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { requestCatalogRenewal } from './catalog-renewal';
import { suppliersDueForSync, syncSupplierProducts } from './sync-supplier';

/** How often each supplier's products are compared with what we imported. */
export const SUPPLIER_SYNC_EVERY_MINUTES = 60;

/**
 * One round of the scheduled re-sync: every active supplier not synced within the hour, one after
 * another. A supplier that is down records its error and the round goes on to the next.
 */
export async function syncDueSuppliers(db: Database, now: Date = new Date(), renewPages: (tags: string[]) => Promise<void> = requestCatalogRenewal): Promise<void> {
  const withdrawnPages: string[] = [];
  for (const supplierId of await suppliersDueForSync(db, now, SUPPLIER_SYNC_EVERY_MINUTES)) {
    const outcome = await syncSupplierProducts(db, supplierId, now).catch((error: unknown) => console.error('[jobs] supplier sync failed', supplierId, error));
    if (outcome?.ok) withdrawnPages.push(...outcome.tags);
  }
  // A withdrawn tour leaves its cached pages now; should the request not get through, at their hourly refresh.
  if (withdrawnPages.length > 0) await renewPages([...new Set(withdrawnPages)]).catch((error: unknown) => console.error('[jobs] catalogue pages not renewed', error));
}

/** Registers the re-sync on `queue`, sent every minute; each run takes only the suppliers due. */
export async function workSupplierSyncJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('suppliers.sync', () => syncDueSuppliers(db));
  await queue.everyMinute('suppliers.sync');
}
