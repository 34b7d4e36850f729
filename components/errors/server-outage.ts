// Telling a database outage from a render bug in the browser: an error that came from the server
// (it carries a `digest`, or reached the route's error.tsx) is an outage when the server's
// readiness check says its database is down (or the process is shutting down, or does not answer).
// A client render error never asks.

/** How often the maintenance screen asks whether the portal is back. */
export const HEALTH_POLL_MS = 2_000;

/** The readiness checks whose failure makes a page fail: the others (Redis, jobs) have fallbacks. */
const OUTAGE_CHECKS = new Set(['database', 'migrations', 'shutdown']);

/** Whether `/api/ready` says the portal cannot serve pages now; true when it does not answer. */
async function askOutage(): Promise<boolean> {
  try {
    const response = await fetch('/api/ready', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (response.status !== 503) return false;
    const body: unknown = await response.json().catch(() => null);
    const failed = typeof body === 'object' && body !== null && 'failed' in body && Array.isArray(body.failed) ? (body.failed as unknown[]) : null;
    // A 503 naming no check (the maintenance answer, a proxy's) is an outage too.
    return failed === null || failed.some((check) => typeof check === 'string' && OUTAGE_CHECKS.has(check));
  } catch {
    // No answer: the server itself is unreachable, which the maintenance screen also waits out.
    return true;
  }
}

/** True while `/api/ready` says the database is down or the process is going, or does not answer. */
export async function isServerOutage(): Promise<boolean> {
  return askOutage();
}

/** True once `/api/ready` no longer says so. */
export async function isServerBack(): Promise<boolean> {
  return !(await askOutage());
}
