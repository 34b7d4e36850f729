import 'server-only';
import { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import type { JobName, JobQueue } from '@/server/jobs/job-queue';
import { sendJob } from '@/server/jobs/jobs';
import { CloudflarePurgeAdapter } from './cloudflare-adapter';
import { edgeUrlsForTags } from './edge-urls';
import { NginxPurgeAdapter } from './nginx-adapter';
import type { EdgePurgeAdapter } from './purge-adapter';

// After a change commits, the shared caches in front of the portal drop the pages it changed: the
// URLs of the cache tags the change expired in Next's own cache (edge-urls.ts), on every
// configured cache at once. A purge never holds up or fails the change: it runs after the answer,
// and a cache that fails it is asked again by a job, with the queue's backoff.

type Env = Readonly<Record<string, string | undefined>>;

/** The shared caches this deployment purges: nginx's when EDGE_PURGE_NGINX_URLS is set, Cloudflare's with both its variables. */
export function edgePurgeAdapters(env: Env = process.env, fetchImpl: typeof fetch = fetch): EdgePurgeAdapter[] {
  const adapters: EdgePurgeAdapter[] = [];
  const nginx = (env.EDGE_PURGE_NGINX_URLS ?? '')
    .split(',')
    .map((base) => base.trim())
    .filter(Boolean);
  if (nginx.length > 0) adapters.push(new NginxPurgeAdapter(nginx, fetchImpl));
  const zone = env.CLOUDFLARE_ZONE_ID?.trim();
  const token = env.CLOUDFLARE_API_TOKEN?.trim();
  if (zone && token) adapters.push(new CloudflarePurgeAdapter(zone, token, fetchImpl));
  return adapters;
}

const globalForEdge = globalThis as typeof globalThis & { traveldeskEdgeAdapters?: EdgePurgeAdapter[] };

/** This process's adapters, read from the environment once; tests put their own in place. */
export function configuredEdgeAdapters(): EdgePurgeAdapter[] {
  globalForEdge.traveldeskEdgeAdapters ??= edgePurgeAdapters();
  return globalForEdge.traveldeskEdgeAdapters;
}

export function installEdgeAdapters(adapters: EdgePurgeAdapter[] | null): void {
  globalForEdge.traveldeskEdgeAdapters = adapters ?? undefined;
}

/**
 * Purges `urls` on every adapter at once; answers the names of those that failed (each failure
 * logged), so only they are asked again.
 */
export async function purgeUrls(urls: readonly string[], adapters: readonly EdgePurgeAdapter[] = configuredEdgeAdapters()): Promise<string[]> {
  if (urls.length === 0) return [];
  const results = await Promise.allSettled(adapters.map((adapter) => adapter.purge(urls)));
  const failed: string[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') return;
    failed.push(adapters[index]!.name);
    console.warn(`[edge-cache] ${adapters[index]!.name}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
  });
  return failed;
}

export const EDGE_PURGE_JOB = 'edge.purge' satisfies JobName;

/** A purge the job queue retries: the URLs and the adapters that failed them, or the tags when even the URLs could not be read. */
const PurgeJob = z.union([
  z.object({ urls: z.array(z.string()).min(1), adapters: z.array(z.string()).min(1) }),
  z.object({ tags: z.array(z.string()).min(1) }),
]);
export type PurgeJob = z.infer<typeof PurgeJob>;

async function retryLater(job: PurgeJob): Promise<void> {
  await sendJob(EDGE_PURGE_JOB, job);
}

/**
 * Purges the pages `tags` stand for, once the change's transaction has committed: after the
 * caller's answer (never awaited, never throws), retried by a job where it fails. Nothing when no
 * shared cache is configured.
 */
export function purgeChangedPages(
  tags: readonly string[],
  { adapters = configuredEdgeAdapters(), db }: { adapters?: readonly EdgePurgeAdapter[]; db?: Database } = {},
): Promise<void> {
  if (adapters.length === 0 || tags.length === 0) return Promise.resolve();
  return (async () => {
    let urls: string[];
    try {
      urls = await edgeUrlsForTags(db ?? (await getDb()), tags);
    } catch (error) {
      console.warn(`[edge-cache] the pages of ${tags.join(', ')} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      await retryLater({ tags: [...tags] });
      return;
    }
    const failed = await purgeUrls(urls, adapters);
    if (failed.length > 0) await retryLater({ urls, adapters: failed });
  })().catch((error: unknown) => {
    console.warn(`[edge-cache] a failed purge could not be queued: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/**
 * The job: purge again on the adapters that failed (throwing while one still fails, so the queue
 * backs off and retries).
 */
export function edgePurgeJobHandler(db: Database, adapters: () => readonly EdgePurgeAdapter[] = configuredEdgeAdapters) {
  return async (data: Record<string, unknown>): Promise<void> => {
    const job = PurgeJob.parse(data);
    const all = adapters();
    const urls = 'urls' in job ? job.urls : await edgeUrlsForTags(db, job.tags);
    const targets = 'adapters' in job ? all.filter((adapter) => job.adapters.includes(adapter.name)) : all;
    const failed = await purgeUrls(urls, targets);
    if (failed.length > 0) throw new Error(`edge purge failed on ${failed.join(', ')}`);
  };
}

export async function workEdgeCacheJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work(EDGE_PURGE_JOB, edgePurgeJobHandler(db));
}
