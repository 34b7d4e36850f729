import 'server-only';
import { unstable_cache } from 'next/cache';
import { getDb } from '@/server/db/database';
import { type ChartsLoader, loadAgencyCharts } from './dashboard-queries';

/** How old an agency's charts may be when shown. */
export const DASHBOARD_CHARTS_REVALIDATE_SECONDS = 60;

// The charts read a year of the agency's sales, 90 days of its ledger and its top tours: the
// dashboard's costliest reads (docs/dashboard.md#performance), and what an owner reads at a glance,
// not to the second. Cached per agency, day and whether the balance is shown, for a minute, in
// the shared cache (Redis when configured); the blocks of bookings and money stay live.
export const cachedAgencyCharts: ChartsLoader = unstable_cache(
  async (agencyId: string, today: string, withBalance: boolean) => loadAgencyCharts(await getDb(), agencyId, today, withBalance),
  ['dashboard-charts'],
  { revalidate: DASHBOARD_CHARTS_REVALIDATE_SECONDS },
);
