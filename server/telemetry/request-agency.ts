import 'server-only';
import { loadPrincipal } from '@/server/auth/principal';
import { isSessionCookieName, readSessionCookie } from '@/server/auth/session-cookie';
import type { Database } from '@/server/db/connection';

// The agency a telemetry batch belongs to: the signed-in agent's, from the session cookie — never
// from the body, which anyone writes. Cheap, because a browser posts every 15 s: a request without
// a session cookie costs nothing, the cookie's decoding is cached by its reader, and the agency of
// a session is read once a minute at most (a session's agency never changes; a session that ended
// goes on being attributed for at most that minute, which only labels telemetry).

const AGENCY_TTL_MS = 60_000;
const MAX_SESSIONS = 10_000;

type Known = { agencyId: string | null; until: number };
const globalForAgencies = globalThis as typeof globalThis & { traveldeskTelemetryAgencies?: Map<string, Known> };

function knownAgencies(): Map<string, Known> {
  globalForAgencies.traveldeskTelemetryAgencies ??= new Map();
  return globalForAgencies.traveldeskTelemetryAgencies;
}

/** The signed-in agent's agency, or null for a visitor, a staff member or a session that ended. */
export async function agencyOfRequest(request: Request, db: Database, now = Date.now()): Promise<string | null> {
  const header = request.headers.get('cookie');
  if (!header) return null;
  const cookies = parseCookies(header).filter((cookie) => isSessionCookieName(cookie.name));
  if (cookies.length === 0) return null;
  const claims = await readSessionCookie({ getAll: () => cookies });
  if (typeof claims === 'string' || claims.kind !== 'agent') return null;
  const known = knownAgencies();
  const hit = known.get(claims.sessionId);
  if (hit && hit.until > now) return hit.agencyId;
  const principal = await loadPrincipal(db, claims, new Date(now));
  if (known.size >= MAX_SESSIONS) known.clear();
  const agencyId = principal?.agencyId ?? null;
  known.set(claims.sessionId, { agencyId, until: now + AGENCY_TTL_MS });
  return agencyId;
}

/** A Cookie header's pairs, as a browser sends it (`a=1; b=2`). */
function parseCookies(header: string): { name: string; value: string }[] {
  return header.split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) return [];
    return [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }];
  });
}
