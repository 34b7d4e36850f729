import 'server-only';
import { loadPrincipal, type Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { Unauthorized } from '@/server/errors';
import { addressBucket, clientAddress } from '@/server/http/client-address';
import { readAccessToken } from './access-token';
import { countApiCall } from './api-rate-limits';
import { loadApiKey, looksLikeApiKey, noteApiKeyUse } from './api-keys';

// Who calls the API with `Authorization: Bearer …` (docs/api-access.md): an agency's API key
// (`td_live_…`, `td_test_…`) or a session's access token (`td_at_…`). Either is read in one
// indexed query into the same Principal the session cookie gives, so every permission and agency
// scope downstream is the pages' own; the call is then counted against the rate limits.

/** The credential of an `Authorization: Bearer …` header, or null without one. */
export function bearerCredential(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // Another scheme, or a malformed header, names nobody: 401 rather than a fall back to the cookie.
  if (!match) throw new Unauthorized();
  return match[1]!;
}

/** The principal of a bearer credential, counted against its limits; 401 for one that names nobody, 429 over a limit. */
export async function principalOfBearer(db: Database, credential: string, request: Request, now = new Date()): Promise<Principal> {
  if (looksLikeApiKey(credential)) {
    const key = await loadApiKey(db, credential, now);
    if (!key) throw new Unauthorized();
    const { principal } = key;
    await Promise.all([
      countApiCall(db, { agencyId: principal.agencyId, apiKeyId: principal.via.apiKeyId }, now),
      noteApiKeyUse(db, key, clientAddress(request.headers), now),
    ]);
    return principal;
  }
  const claims = readAccessToken(credential, now.getTime());
  if (!claims) throw new Unauthorized();
  const principal = await loadPrincipal(db, { kind: 'agent', userId: claims.userId, sessionId: claims.sessionId }, now);
  if (!principal) throw new Unauthorized();
  await countApiCall(db, { agencyId: principal.agencyId, userId: principal.userId }, now);
  return principal;
}

/** Whose `Idempotency-Key`s a request's key is among: an API key's, an agent's (of their agency), a staff member's, or a client address's. */
export function idempotencyCaller(request: Request, caller: { principal?: Principal; staffId?: string }): string {
  const { principal } = caller;
  if (principal?.via) return `agency:${principal.agencyId}:key:${principal.via.apiKeyId}`;
  if (principal) return `agency:${principal.agencyId}:agent:${principal.userId}`;
  if (caller.staffId) return `staff:${caller.staffId}`;
  return `address:${addressBucket(clientAddress(request.headers))}`;
}
