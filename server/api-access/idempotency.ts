import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { idempotentRequests } from '@/server/db/schema';
import { Conflict, InvalidFields } from '@/server/errors';

// `Idempotency-Key` on every mutation of the API (docs/api-access.md#idempotency): a client that
// lost an answer sends the same request again with the same key and gets the first answer, byte
// for byte, within 24 hours, without the call running twice. The first request claims the key by
// inserting its row (the primary key settles a race: of two concurrent requests one inserts, the
// other finds the row and is told the first is still running); its answer is kept when it is
// final. The booking's own idempotency (server/bookings/create-booking.ts) still guards the
// booking itself, whatever the HTTP layer does.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/**
 * A claim still without an answer after this long is taken over by the next request with its key:
 * the process that claimed it died mid-call (killed, out of memory) and will never answer or
 * release it, which left the key answering 409 for its whole 24 hours. Far longer than any call
 * runs (supplier calls time out after seconds); should a live call still be running, a booking is
 * unique per agency and key (bookings_agency_idempotency_unique), so running it again books once.
 */
export const IDEMPOTENCY_CLAIM_STALE_SECONDS = 30;
/** Answers up to this size are kept; a larger one (a streamed download) is not replayed but run again. */
export const IDEMPOTENT_ANSWER_MAX_BYTES = 1024 * 1024;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The field of the 422 that refuses a key: the header's name, as spec §8's `fieldName`. */
export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** The request's key, or null without one; a key that is not 1–255 visible ASCII characters is a 422. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) throw new InvalidFields({ [IDEMPOTENCY_FIELD]: 'apiAccess.errors.idempotencyKeyInvalid' });
  return key;
}

/** What makes two requests the same: method, path, query and body bytes. */
export function requestFingerprint(request: Request, body: Uint8Array | undefined): string {
  const url = new URL(request.url);
  const hash = createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`);
  if (body) hash.update(body);
  return hash.digest('hex');
}

export type StoredAnswer = { status: number; contentType: string | null; body: Uint8Array<ArrayBuffer> };

export type IdempotencyClaim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Claims `key` for this request, or answers the stored answer of the same request. The same key
 * with another request is a 422 on the key; the same request still running is a 409.
 */
export async function claimIdempotencyKey(db: Database, caller: string, key: string, fingerprint: string, now = new Date()): Promise<IdempotencyClaim> {
  const expired = sql`${idempotentRequests.createdAt} <= ${now.toISOString()}::timestamptz - (${IDEMPOTENCY_WINDOW_HOURS}::integer * interval '1 hour')`;
  const abandoned = sql`${idempotentRequests.status} is null and ${idempotentRequests.createdAt} <= ${now.toISOString()}::timestamptz - (${IDEMPOTENCY_CLAIM_STALE_SECONDS}::integer * interval '1 second')`;
  // A row past the window, or a claim its dead process left unanswered, is taken over as if it were not there.
  const claimed = await db
    .insert(idempotentRequests)
    .values({ caller, key, requestHash: fingerprint, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotentRequests.caller, idempotentRequests.key],
      set: { requestHash: fingerprint, status: null, contentType: null, body: null, createdAt: now },
      setWhere: or(expired, abandoned),
    })
    .returning({ key: idempotentRequests.key });
  if (claimed.length > 0) return { kind: 'claimed' };
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.caller, caller), eq(idempotentRequests.key, key)))
    .limit(1);
  // Released in between (its request failed): this one may run.
  if (!row) return claimIdempotencyKey(db, caller, key, fingerprint, now);
  if (row.requestHash !== fingerprint) throw new InvalidFields({ [IDEMPOTENCY_FIELD]: 'apiAccess.errors.idempotencyKeyReused' });
  if (row.status === null || row.body === null) throw new Conflict('apiAccess.errors.idempotencyInProgress');
  return { kind: 'replay', answer: { status: row.status, contentType: row.contentType, body: new Uint8Array(Buffer.from(row.body, 'base64')) } };
}

/** Keeps a claimed request's final answer, for its replays. */
export async function recordIdempotentAnswer(db: Database, caller: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotentRequests)
    .set({ status: answer.status, contentType: answer.contentType, body: Buffer.from(answer.body).toString('base64') })
    .where(and(eq(idempotentRequests.caller, caller), eq(idempotentRequests.key, key), isNull(idempotentRequests.status)));
}

/** Gives a claimed key back without an answer (a server error, an outage, a streamed download): the next request with it runs. */
export async function releaseIdempotencyKey(db: Database, caller: string, key: string): Promise<void> {
  await db.delete(idempotentRequests).where(and(eq(idempotentRequests.caller, caller), eq(idempotentRequests.key, key), isNull(idempotentRequests.status)));
}

/** Keeps answers that are final and small: not a server error or an outage (the client should retry those), not a stream. */
export function isKeptAnswer(response: Response): boolean {
  if (response.status >= 500 || response.status === 429) return false;
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > IDEMPOTENT_ANSWER_MAX_BYTES) return false;
  return response.body === null || type === '' || type.startsWith('application/json') || type.startsWith('text/');
}

/** Deletes the requests past the window (they answer nothing any more); the `api.pruneIdempotentRequests` job, every minute. */
export async function pruneIdempotentRequests(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3600 * 1000);
  const deleted = await db.delete(idempotentRequests).where(lte(idempotentRequests.createdAt, before)).returning({ key: idempotentRequests.key });
  return deleted.length;
}
