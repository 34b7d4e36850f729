import 'server-only';
import { getDb } from '@/server/db/database';
import { isDatabaseKnownDown, noteDatabaseError } from '@/server/db/health';
import { pendingMigrations } from '@/server/db/migrate';
import { jobRunnerState } from '@/server/jobs/jobs';
import { pingRedis } from '@/server/redis/redis';
import { isShuttingDown } from './lifecycle-state';
import { withTimeLimit } from './time-limit';

// Readiness (`GET /api/ready`): whether a load balancer should send this process requests. Unlike
// liveness (`/api/health`: the process answers), it asks what a request needs: the database with
// every committed migration applied, Redis when it is configured, and this process's job runner
// when it runs one. After SIGTERM it answers "not ready" at once, before any check.

/** How long one check may take: a dependency that has not answered by then counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

export type Checks = {
  database: 'ok' | 'down';
  /** 'unknown' while the database cannot be asked. */
  migrations: 'ok' | 'pending' | 'unknown';
  redis: 'ok' | 'down' | 'off';
  /** 'off' with JOBS=off; 'down' when this process should run jobs and its runner is not running. */
  jobs: 'ok' | 'down' | 'off';
};

export type Readiness =
  | { ok: true; checks: Checks }
  | { ok: false; failed: (keyof Checks)[]; checks: Checks }
  | { ok: false; failed: ['shutdown'] };

export async function checkReadiness(env: NodeJS.ProcessEnv = process.env): Promise<Readiness> {
  if (isShuttingDown()) return { ok: false, failed: ['shutdown'] };
  const [{ database, migrations }, redis] = await Promise.all([checkDatabase(), withTimeLimit(pingRedis(), 'down' as const, CHECK_TIMEOUT_MS)]);
  const jobs = env.JOBS === 'off' ? 'off' : jobRunnerState() === 'running' ? 'ok' : 'down';
  const checks: Checks = { database, migrations, redis, jobs };
  // A process told to shut down while the checks ran is not ready either.
  if (isShuttingDown()) return { ok: false, failed: ['shutdown'] };
  const failed = (Object.keys(checks) as (keyof Checks)[]).filter((name) => checks[name] === 'down' || checks[name] === 'pending');
  return failed.length === 0 ? { ok: true, checks } : { ok: false, failed, checks };
}

/** One query answers both: the database is there, and it has applied every migration this build has. */
async function checkDatabase(): Promise<Pick<Checks, 'database' | 'migrations'>> {
  const down = { database: 'down', migrations: 'unknown' } as const;
  // Known down: the recovery probe is already asking it once a second (server/db/health.ts).
  if (isDatabaseKnownDown()) return down;
  try {
    const pending = await withTimeLimit(getDb().then((db) => pendingMigrations(db)), null, CHECK_TIMEOUT_MS);
    if (pending === null) return down;
    return { database: 'ok', migrations: pending.length === 0 ? 'ok' : 'pending' };
  } catch (error) {
    // An outage marks the database down for the whole process (the maintenance answers).
    if (!noteDatabaseError(error)) console.warn('[ready] the database check failed', error);
    return down;
  }
}
