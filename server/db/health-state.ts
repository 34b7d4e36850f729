// The database's known state, shared by every bundle of the server process (the proxy, route
// handlers and pages are compiled separately), hence globalThis. No imports: the proxy reads it.

const globalForHealth = globalThis as typeof globalThis & { traveldeskDatabaseDownSince?: number; traveldeskDatabaseCheck?: Promise<void> };

/** Whether a recent failure showed the database unreachable and no probe has reached it since. */
export function isDatabaseKnownDown(): boolean {
  return globalForHealth.traveldeskDatabaseDownSince !== undefined;
}

/** Marks the database down; true when it was up until now. */
export function markDatabaseDown(now = Date.now()): boolean {
  if (globalForHealth.traveldeskDatabaseDownSince !== undefined) return false;
  globalForHealth.traveldeskDatabaseDownSince = now;
  return true;
}

export function markDatabaseUp() {
  delete globalForHealth.traveldeskDatabaseDownSince;
}

/**
 * The check a lost database connection started, while it runs (server/db/health.ts): a page
 * request arriving meanwhile waits for its verdict, so the first request after an outage already
 * gets the maintenance page instead of failing on the database itself.
 */
export function pendingDatabaseCheck(): Promise<void> | undefined {
  return globalForHealth.traveldeskDatabaseCheck;
}

/** Records `check` as the pending one until it settles; false when another is already pending. */
export function trackDatabaseCheck(check: () => Promise<void>): boolean {
  if (globalForHealth.traveldeskDatabaseCheck) return false;
  const pending = check().finally(() => {
    if (globalForHealth.traveldeskDatabaseCheck === pending) delete globalForHealth.traveldeskDatabaseCheck;
  });
  globalForHealth.traveldeskDatabaseCheck = pending;
  return true;
}
