import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobHandler, JobName, JobQueue } from '@/server/jobs/job-queue';
import { requestSiteRenewal } from '@/server/widgets/sites/site-renewal';
import { recheckVerifiedDomains } from './check-domain';

/** What each widget-domain job does, over one database. */
export function widgetDomainJobHandlers(db: Database): Record<Extract<JobName, `widgets.${string}`>, JobHandler> {
  return {
    'widgets.recheckDomains': async () => {
      const { failed } = await recheckVerifiedDomains(db);
      // A failed domain stops serving its site now; should the renewal not get through, when the
      // cached lookup expires (within the hour), as before. Not retried: the domains stay failed.
      await requestSiteRenewal(failed).catch((error: unknown) => console.error('[jobs] widget sites not renewed', error));
    },
  };
}

/** Registers the re-check's handler on `queue` and sends it every minute; each run takes only the domains due. */
export async function workWidgetDomainJobs(queue: JobQueue, db: Database): Promise<void> {
  for (const [name, handler] of Object.entries(widgetDomainJobHandlers(db)) as [JobName, JobHandler][]) await queue.work(name, handler);
  await queue.everyMinute('widgets.recheckDomains');
}
