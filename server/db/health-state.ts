// The database's known state, shared by every bundle of the server process (the proxy, route
// handlers and pages are compiled separately), hence globalThis. No imports: the proxy reads it.

const globalForHealth = globalThis as typeof globalThis & { traveldeskDatabaseDownSince?: number };

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
