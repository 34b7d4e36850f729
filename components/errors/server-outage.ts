// Telling a database outage from a render bug in the browser: an error that came from the server
// (it carries a `digest`, or reached the route's error.tsx) is an outage when the server's health
// check says its database is down. A client render error never asks.

/** How often the maintenance screen asks whether the portal is back. */
export const HEALTH_POLL_MS = 2_000;

async function askHealth(): Promise<Response> {
  return fetch('/api/health', { cache: 'no-store', headers: { accept: 'application/json' } });
}

/** True while `/api/health` answers 503 (`{ ok: false }`), or does not answer at all. */
export async function isServerOutage(): Promise<boolean> {
  try {
    const response = await askHealth();
    if (response.status === 503) return true;
    const body: unknown = await response.json().catch(() => null);
    return typeof body === 'object' && body !== null && 'ok' in body && body.ok === false;
  } catch {
    // No answer: the server itself is unreachable, which the maintenance screen also waits out.
    return true;
  }
}

/** True once `/api/health` answers 200. */
export async function isServerBack(): Promise<boolean> {
  try {
    return (await askHealth()).ok;
  } catch {
    return false;
  }
}
