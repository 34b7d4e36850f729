import 'server-only';
import { serverLog } from '@/server/telemetry/logger';
import PgBoss from 'pg-boss';
import { backoffSeconds, DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT, JOB_NAMES, type JobHandler, type JobName, type JobQueue, type SendOptions } from './job-queue';

/**
 * pg-boss on the portal's PostgreSQL (its own `pgboss` schema): jobs are fetched with SKIP LOCKED,
 * so when several portal processes share the database each job runs in exactly one of them, and
 * a process that dies mid-job leaves it to expire and be retried by another.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;

  private constructor(private readonly boss: PgBoss) {}

  static async start(connectionString: string, options: { pollingIntervalSeconds?: number } = {}): Promise<PgBossQueue> {
    const boss = new PgBoss({ connectionString, max: 4, application_name: 'traveldesk-jobs', ...options });
    boss.on('error', (error) => serverLog().error({ err: error }, 'job queue (pg-boss) failed'));
    await boss.start();
    for (const name of JOB_NAMES) await ensureQueue(boss, name);
    return new PgBossQueue(boss);
  }

  async send(name: JobName, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: backoffSeconds(1),
      retryBackoff: true,
    });
  }

  async work(name: JobName, handler: JobHandler): Promise<void> {
    // One job per fetch: a failure retries only that job.
    await this.boss.work<Record<string, unknown>>(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await handler(job.data);
    });
  }

  async everyMinute(name: JobName): Promise<void> {
    await this.boss.schedule(name, '* * * * *', {}, { retryLimit: 0 });
  }

  async stopWorking(): Promise<void> {
    for (const name of JOB_NAMES) await this.boss.offWork(name);
  }

  async stop({ timeoutMs = 5_000 }: { timeoutMs?: number } = {}): Promise<void> {
    // pg-boss waits at least a second, and fails the jobs still active after `timeout` so another runner retries them.
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: true });
  }
}

/**
 * Creates a queue unless it exists. Portal processes starting together race to create the same
 * queues, which PostgreSQL may answer with a deadlock or a duplicate: the loser looks again.
 */
async function ensureQueue(boss: PgBoss, name: JobName): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, { name, retryLimit: DEFAULT_RETRY_LIMIT, retryDelay: DEFAULT_RETRY_DELAY_SECONDS, retryBackoff: true });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
