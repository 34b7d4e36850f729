export async function register() {
  // The build never touches the database (PGlite must have one owner: the running server).
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // Every setting checked once, before anything reads one: a bad value stops the start with a
  // message naming it (server/config/environment.ts), not a NaN or a JSON error mid-request.
  const { checkEnvironmentAtStart } = await import('./server/config/environment');
  checkEnvironmentAtStart();
  // Patches of Node's http internals: the encoded-page cache, the forwarded headers, the action
  // body limit (server/platform, docs/platform-workarounds.md).
  const { installPlatformPatches } = await import('./server/platform/install');
  installPlatformPatches();
  // SIGTERM drains requests and jobs and closes the pools before exiting 0 (server/lifecycle);
  // `next dev` keeps Next's own handling.
  const { installGracefulShutdown } = await import('./server/lifecycle/shutdown');
  if (process.env.NODE_ENV === 'production') installGracefulShutdown();
  // Traces, metrics and the slow-span store, before anything that serves or runs a job
  // (docs/telemetry.md#server): exported over OTLP when a collector is configured; without one,
  // only the slow and failed spans are kept, in the database, for the console.
  const { registerTelemetry } = await import('./server/telemetry/register-telemetry');
  await registerTelemetry();
  const { prepareDatabase } = await import('./server/db/prepare');
  await prepareDatabase();
  // Hold expiry, webhook delivery, refunds: durable jobs, picked up again after a restart.
  const { startJobs } = await import('./server/jobs/start-jobs');
  const { isShuttingDown } = await import('./server/lifecycle/lifecycle-state');
  if (!isShuttingDown()) await startJobs();
}

/**
 * Every error Next catches while rendering a page or running a handler: one that shows the
 * database unreachable marks it down, so the portal answers 'Server is under maintenance' (503)
 * until the recovery probe reaches it again (server/db/health.ts).
 */
export async function onRequestError(error: unknown) {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { noteDatabaseError } = await import('./server/db/health');
  noteDatabaseError(error);
}
