import { sql } from 'drizzle-orm';
import { isDatabaseKnownDown, markDatabaseDown, markDatabaseUp, trackDatabaseCheck } from './health-state';

// Spec §8: while the database cannot be reached, the portal answers 'Server is under maintenance'
// (503). A failure that looks like an outage marks the database down; a probe then asks it once a
// second and marks it up again as soon as it answers, so nothing needs a restart.

export { isDatabaseKnownDown };

const PROBE_INTERVAL_MS = 1000;
/** How long a lost connection's check may keep a request waiting: past it, the request goes on. */
const LOST_CONNECTION_CHECK_MS = 2000;

// postgres.js's own connection error codes, and Node's socket errors underneath them.
const CONNECTION_ERROR_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE class 08 (connection exception), and the server shutting down or starting up.
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;

type ErrorLike = { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Whether an error (or anything in its cause chain) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as ErrorLike | undefined, depth = 0; current && depth < 6; current = current.cause as ErrorLike, depth += 1) {
    if (typeof current !== 'object') return false;
    const code = typeof current.code === 'string' ? current.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)) return true;
    // PGlite closed under the process (the embedded database's only way to be gone).
    if (typeof current.message === 'string' && /PGlite is closed/i.test(current.message)) return true;
    // Node's AggregateError when every address of a host refuses (IPv4 and IPv6 localhost).
    if (Array.isArray(current.errors) && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/**
 * Records an error that may be an outage. Returns whether it was one, so callers can answer 503.
 * The first outage starts the recovery probe.
 */
export function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (markDatabaseDown()) startRecoveryProbe();
  return true;
}

/**
 * A pooled connection closed (postgres.js's `onclose`, server/db/database.ts): the server may
 * have gone away. Asks the database at once rather than waiting for a request to fail on it, so
 * the very first request after an outage already answers 'Server is under maintenance' (the proxy
 * waits for this check while it runs). A connection closed for a harmless reason (its lifetime
 * ended) makes a check that succeeds and changes nothing.
 */
export function noteConnectionLost(): void {
  if (isDatabaseKnownDown()) return;
  trackDatabaseCheck(async () => {
    const error = await probeError(LOST_CONNECTION_CHECK_MS);
    if (error !== null) noteDatabaseError(error);
  });
}

function startRecoveryProbe() {
  const timer = setInterval(() => {
    void probeError().then((error) => {
      if (error !== null) return;
      clearInterval(timer);
      markDatabaseUp();
    });
  }, PROBE_INTERVAL_MS);
  timer.unref?.();
}

/** What a trivial query threw, or null when it answered (or gave no verdict within `timeoutMs`). */
async function probeError(timeoutMs?: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { getDb } = await import('./database');
    const query = (await getDb()).execute(sql`select 1`);
    if (timeoutMs === undefined) await query;
    else await Promise.race([query, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    return null;
  } catch (error) {
    return error ?? new Error('The database probe failed');
  } finally {
    clearTimeout(timer);
  }
}
