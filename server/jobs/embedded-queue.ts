import 'server-only';
import { serverLog } from '@/server/telemetry/logger';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { embeddedJobs } from '@/server/db/schema';
import { backoffSeconds, DEFAULT_RETRY_LIMIT, type JobHandler, type JobName, type JobQueue, type SendOptions } from './job-queue';

const POLL_MS = 500;
const BATCH = 20;

/**
 * Jobs in the `embedded_jobs` table of the embedded database, run by the one server process that
 * owns it (PGlite has one owner, so there is no second runner to exclude). Rows survive a restart;
 * a job that succeeds is deleted, one that used its retries is kept with `failed_at`.
 */
export class EmbeddedQueue implements JobQueue {
  readonly kind = 'embedded' as const;
  private readonly handlers = new Map<JobName, JobHandler>();
  private readonly minuteJobs = new Set<JobName>();
  private timer: NodeJS.Timeout | null = null;
  private minuteTimer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** A job was sent while a batch ran: run another batch straight after it. */
  private again = false;
  /** Work stopped while this batch ran (a shutdown): it takes no further job. */
  private batchStopped = false;

  constructor(private readonly db: Database) {}

  async send(name: JobName, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.db
      .insert(embeddedJobs)
      .values({
        name,
        data,
        singletonKey: options.singletonKey ?? null,
        runAt: options.startAfter ?? new Date(),
        maxAttempts: 1 + (options.retryLimit ?? DEFAULT_RETRY_LIMIT),
      })
      .onConflictDoNothing();
    this.wake();
  }

  async work(name: JobName, handler: JobHandler): Promise<void> {
    this.handlers.set(name, handler);
    this.timer ??= setInterval(() => void this.runDue().catch(logFailure), POLL_MS);
    this.timer.unref();
  }

  async everyMinute(name: JobName): Promise<void> {
    this.minuteJobs.add(name);
    this.minuteTimer ??= setInterval(() => {
      for (const job of this.minuteJobs) void this.send(job, {}, { singletonKey: 'minute', retryLimit: 0 }).catch(logFailure);
    }, 60_000);
    this.minuteTimer.unref();
  }

  async stopWorking(): Promise<void> {
    this.batchStopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.minuteTimer) clearInterval(this.minuteTimer);
    this.timer = this.minuteTimer = null;
  }

  async stop({ timeoutMs }: { timeoutMs?: number } = {}): Promise<void> {
    await this.stopWorking();
    // The job running finishes; past the time allowed the process goes on without it, and it runs
    // again after the restart (a job's row is deleted only once it succeeded).
    let timer: NodeJS.Timeout | undefined;
    const timeout = timeoutMs === undefined ? null : new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await (timeout ? Promise.race([this.running, timeout]) : this.running);
    clearTimeout(timer);
  }

  /**
   * Runs the jobs due by `now` (tests pass a later `now` to run a hold's expiry early); returns
   * how many ran. Never two batches at once.
   */
  runDue(now: Date = new Date()): Promise<number> {
    this.running ??= this.runBatch(now).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
    return this.running;
  }

  private wake(): void {
    if (!this.timer) return;
    if (this.running) this.again = true;
    else setImmediate(() => void this.runDue().catch(logFailure));
  }

  private async runBatch(now: Date): Promise<number> {
    this.batchStopped = false;
    const due = await this.db
      .select()
      .from(embeddedJobs)
      .where(and(isNull(embeddedJobs.failedAt), lte(embeddedJobs.runAt, now)))
      .orderBy(asc(embeddedJobs.runAt))
      .limit(BATCH);
    let ran = 0;
    for (const job of due) {
      if (this.batchStopped) break;
      const handler = this.handlers.get(job.name as JobName);
      if (!handler) continue;
      ran += 1;
      try {
        await handler(job.data as Record<string, unknown>);
        await this.db.delete(embeddedJobs).where(eq(embeddedJobs.id, job.id));
      } catch (error) {
        const failures = job.attempts + 1;
        const delay = backoffSeconds(failures);
        await this.db
          .update(embeddedJobs)
          .set({
            attempts: failures,
            lastError: String(error instanceof Error ? error.message : error).slice(0, 2000),
            runAt: sql`now() + make_interval(secs => ${delay})`,
            failedAt: failures >= job.maxAttempts ? sql`now()` : null,
          })
          .where(eq(embeddedJobs.id, job.id));
      }
    }
    return ran;
  }
}

function logFailure(error: unknown): void {
  serverLog().error({ err: error }, 'job queue (embedded) failed');
}
