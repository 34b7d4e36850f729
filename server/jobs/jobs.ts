import 'server-only';
import { getConnection } from '@/server/db/database';
import type { JobName, JobQueue, SendOptions } from './job-queue';
import { tracedJobQueue } from './traced-queue';

// The process's one job queue, shared by every bundle (like the database connection), hence
// globalThis. Opened on first use: a request that sends a job before the runner started (or in a
// process that runs no workers) still stores it for a runner to pick up.
const globalForJobs = globalThis as typeof globalThis & { traveldeskJobs?: Promise<JobQueue>; traveldeskJobRunner?: JobRunnerState };

/** This process's job runner: none started (JOBS=off, or the server is still starting), running, or stopped by a shutdown. */
export type JobRunnerState = 'not-started' | 'running' | 'stopped';

export function jobRunnerState(): JobRunnerState {
  return globalForJobs.traveldeskJobRunner ?? 'not-started';
}

export function setJobRunnerState(state: JobRunnerState): void {
  globalForJobs.traveldeskJobRunner = state;
}

/** The queue this process opened, if it opened one (a process sends jobs even when it runs none). */
export function openedJobQueue(): Promise<JobQueue> | undefined {
  return globalForJobs.traveldeskJobs;
}

export function jobQueue(): Promise<JobQueue> {
  // Jobs carry their sender's trace, handlers run in spans (docs/telemetry.md#server).
  globalForJobs.traveldeskJobs ??= openJobQueue().then(tracedJobQueue);
  return globalForJobs.traveldeskJobs;
}

/**
 * Sends a job only when this process has opened its queue already (the server's runner opens it at
 * start): for a nudge that the minute's sweep would do anyway, never worth opening a database for.
 */
export async function sendJobIfQueueOpen(name: JobName, data: Record<string, unknown>, options?: SendOptions): Promise<void> {
  const queue = globalForJobs.traveldeskJobs;
  if (queue) await (await queue).send(name, data, options);
}

/** Tests put their own queue (over their own database) in place; `null` forgets it. */
export function installJobQueue(queue: JobQueue | null): void {
  globalForJobs.traveldeskJobs = queue ? Promise.resolve(queue) : undefined;
}

export async function sendJob(name: JobName, data: Record<string, unknown>, options?: SendOptions): Promise<void> {
  await (await jobQueue()).send(name, data, options);
}

async function openJobQueue(): Promise<JobQueue> {
  const connection = await getConnection();
  if (connection.driver === 'postgres') {
    const { PgBossQueue } = await import('./pg-boss-queue');
    return PgBossQueue.start(connection.url);
  }
  const { EmbeddedQueue } = await import('./embedded-queue');
  return new EmbeddedQueue(connection.db);
}
