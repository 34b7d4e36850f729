import 'server-only';
import { closeConnection } from '@/server/db/database';
import { closeJobQueue, stopTakingJobs } from '@/server/jobs/start-jobs';
import { closeRedis } from '@/server/redis/redis';
import { drainHttpServers } from '@/server/platform/http-drain';
import { flushOtlpForwarding } from '@/server/telemetry/otlp-forwarding';
import { flushTelemetryBuffer } from '@/server/telemetry/telemetry-store';
import { type ShutdownReason, takeOverShutdownSignals } from '@/server/platform/shutdown-signals';
import { markShuttingDown } from './lifecycle-state';
import { withTimeLimit } from './time-limit';

// A graceful shutdown (SIGTERM from an orchestrator, `docker stop`, Ctrl+C): readiness answers 503
// at once; the process stops accepting connections and taking jobs; the requests in flight finish,
// within SHUTDOWN_TIMEOUT_SECONDS (past it they are cut); the jobs running finish within what is
// left of it (past it, another runner or the next start retries them); traces and the browser telemetry still buffered are flushed, the
// database and Redis close (PGlite gives up its directory lock), and the process exits 0.

const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 20;
/** What the steps after the drain (job queue, traces, database) may each take at most. */
const STEP_TIMEOUT_MS = 5_000;
/** A pg-boss stop waits at least a second whatever it is given. */
const MIN_JOB_WAIT_MS = 1_000;

/** SHUTDOWN_TIMEOUT_SECONDS in milliseconds: how long requests in flight may take to finish. */
export function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHUTDOWN_TIMEOUT_SECONDS;
  const seconds = raw === undefined || raw === '' ? DEFAULT_SHUTDOWN_TIMEOUT_SECONDS : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds (it is \`${raw}\`).`);
  return seconds * 1000;
}

/** At server start (instrumentation.ts): SIGTERM and SIGINT shut this process down gracefully. */
export function installGracefulShutdown(env: NodeJS.ProcessEnv = process.env): void {
  const timeoutMs = shutdownTimeoutMs(env);
  takeOverShutdownSignals((reason) => void shutDown(reason, timeoutMs));
}

async function shutDown(reason: ShutdownReason, timeoutMs: number): Promise<void> {
  // A second signal (a terminal's Ctrl+C reaches `npm start` and the server alike) changes nothing.
  if (!markShuttingDown()) return;
  const started = Date.now();
  // The last resort: whatever hangs, the process is gone well after its bound.
  setTimeout(() => {
    console.error('[shutdown] did not finish in time: exiting');
    process.exit(1);
  }, timeoutMs + 4 * STEP_TIMEOUT_MS).unref();
  console.info(`[shutdown] ${reason}: no new connections or jobs; waiting up to ${timeoutMs / 1000} s for the requests in flight`);

  const drain = drainHttpServers();
  const jobsStopping = step('stop taking jobs', stopTakingJobs());
  if (!(await withTimeLimit(drain.drained.then(() => true), false, timeoutMs))) {
    console.warn(`[shutdown] ${drain.cut()} request(s) still running after ${timeoutMs / 1000} s were cut`);
  }
  await jobsStopping;
  const jobWait = Math.max(MIN_JOB_WAIT_MS, timeoutMs - (Date.now() - started));
  await step('stop the job queue', closeJobQueue(jobWait), jobWait + STEP_TIMEOUT_MS);
  await step('flush traces', flushTraces());
  // The browser telemetry accepted but not yet written (server/telemetry/telemetry-store.ts).
  await step('flush browser telemetry', Promise.all([flushTelemetryBuffer(), flushOtlpForwarding()]).then(() => undefined));
  await step('close the database', closeConnection());
  await step('close Redis', closeRedis());
  console.info(`[shutdown] done in ${Date.now() - started} ms`);
  process.exit(0);
}

/** Runs one step of the shutdown within its time; a step that fails or hangs is logged and passed. */
async function step(name: string, work: Promise<void>, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  try {
    if (!(await withTimeLimit(work.then(() => true), false, timeoutMs))) console.warn(`[shutdown] ${name}: not done after ${timeoutMs / 1000} s, going on`);
  } catch (error) {
    console.warn(`[shutdown] ${name} failed`, error);
  }
}


/** Sends the spans and metrics still buffered: to the collector, and the slow spans to the database. */
async function flushTraces(): Promise<void> {
  const { metrics } = await import('@opentelemetry/api');
  const meters = metrics.getMeterProvider() as { forceFlush?: () => Promise<void> };
  // The portal's own tracer provider (never the global one): its batch export and the slow-span store.
  const { flushSpanStore } = await import('@/server/telemetry/register-telemetry');
  await Promise.all([meters.forceFlush?.(), flushSpanStore()]);
}
