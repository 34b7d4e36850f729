// Where this server process is in its life, shared by every bundle of the process (route handlers,
// pages and instrumentation are compiled separately), hence globalThis. No imports.

const globalForLifecycle = globalThis as typeof globalThis & { traveldeskShutdownSince?: number };

/** Whether a shutdown has begun (SIGTERM): readiness answers 503 from that moment on. */
export function isShuttingDown(): boolean {
  return globalForLifecycle.traveldeskShutdownSince !== undefined;
}

/** Marks the shutdown begun; false when it had begun already. */
export function markShuttingDown(now = Date.now()): boolean {
  if (globalForLifecycle.traveldeskShutdownSince !== undefined) return false;
  globalForLifecycle.traveldeskShutdownSince = now;
  return true;
}

