import 'server-only';
import { countBatchedCall } from '@/server/auth/rate-limits';
import type { Database } from '@/server/db/connection';
import { TooManyRequests } from '@/server/errors';

// Limits on the API's callers (docs/api-access.md#rate-limits): every call made with an API key
// counts against the key and its agency, every call made with a session's access token against
// the agent and the agency. The counters are rows of `rate_limits`, shared by every server
// process, in fixed windows, counted in batches (`countBatchedCall`, server/auth/rate-limits.ts): a
// write per call made every call of an agency queue on its one row. The portal's own pages (the
// session cookie) are not counted.

export { FLUSH_CALLS, FLUSH_MS } from '@/server/auth/rate-limits';

export type ApiRateLimits = { perCaller: number; perAgency: number; windowSeconds: number };

const DEFAULTS: ApiRateLimits = { perCaller: 600, perAgency: 1200, windowSeconds: 60 };

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** The limits from the environment: `API_RATE_LIMIT_PER_KEY`, `API_RATE_LIMIT_PER_AGENCY` calls per `API_RATE_LIMIT_WINDOW_SECONDS`. */
export function apiRateLimits(env: Record<string, string | undefined> = process.env): ApiRateLimits {
  return {
    perCaller: positiveInteger(env.API_RATE_LIMIT_PER_KEY, DEFAULTS.perCaller),
    perAgency: positiveInteger(env.API_RATE_LIMIT_PER_AGENCY, DEFAULTS.perAgency),
    windowSeconds: positiveInteger(env.API_RATE_LIMIT_WINDOW_SECONDS, DEFAULTS.windowSeconds),
  };
}

/** Who a call counts against: the key (or the agent, for an access token) and the agency. */
export type ApiCounter = { agencyId: string } & ({ apiKeyId: string } | { userId: string });

/** Counts one call; throws TooManyRequests (429 with Retry-After) when the key's or the agency's window is full. */
export async function countApiCall(db: Database, counter: ApiCounter, now = new Date(), limits = apiRateLimits()): Promise<void> {
  const callerKey = 'apiKeyId' in counter ? `api:key:${counter.apiKeyId}` : `api:agent:${counter.userId}`;
  const decision = await countBatchedCall(
    db,
    [
      { key: `api:agency:${counter.agencyId}`, limit: limits.perAgency },
      { key: callerKey, limit: limits.perCaller },
    ],
    limits.windowSeconds,
    now,
  );
  if (!decision.allowed) throw new TooManyRequests(decision.retryAfterSeconds, 'apiAccess.errors.rateLimited');
}
