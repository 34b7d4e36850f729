// The "popular" sort of the search (docs/catalogue.md#search): each tour's completed bookings of
// the last 90 days, stored on the tour (`tours.popularity`) and counted again at most once an hour
// by a job. Counting in the search itself would read the bookings on every query; a counter moved by
// each booking would make bookings of one tour wait for each other on its row.
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';

export const POPULARITY_WINDOW_DAYS = 90;
const RECOUNT_EVERY_MS = 60 * 60 * 1000;

/** Counts every tour's completed bookings of the window again; only tours whose count moved are written. */
export async function countTourPopularity(db: Database): Promise<void> {
  await db.execute(sql`
    update tours t set popularity = counted.n
      from (
        select tours.id, count(b.id)::int as n from tours
          left join bookings b on b.tour_id = tours.id and b.status = 'completed'
           and b.created_at > now() - make_interval(days => ${POPULARITY_WINDOW_DAYS})
         group by tours.id
      ) counted
     where counted.id = t.id and t.popularity <> counted.n`);
}

/** Registers the count on `queue`: sent every minute, it counts when this process last did over an hour ago (or never). */
export async function workCatalogJobs(queue: JobQueue, db: Database): Promise<void> {
  let countedAt = 0;
  await queue.work('catalog.countPopularity', async () => {
    if (Date.now() - countedAt < RECOUNT_EVERY_MS) return;
    await countTourPopularity(db);
    countedAt = Date.now();
  });
  await queue.everyMinute('catalog.countPopularity');
}
