import 'server-only';
import { type Envelope, envelopeSchema } from './envelope-schema';

// A body posted to `/api/telemetry`, read as the browser SDK sends it: a JSON array of envelopes
// (`fetch`/XHR, `application/json`), or newline-delimited envelopes (`sendBeacon` on unload posts
// `text/plain`; some senders join items with newlines). Each item is checked alone, so one bad
// item costs only itself (the answer's 206 names it); a body with nothing readable is malformed.

export type BatchItem = { index: number; envelope: Envelope } | { index: number; error: string };

export type ParsedBatch = { kind: 'items'; items: BatchItem[] } | { kind: 'malformed'; reason: string };

/** More items than any real batch (102,400 bytes of envelopes of a few hundred bytes each). */
export const MAX_ITEMS = 2_000;

/**
 * The items of a body. A JSON array (or one envelope) is the usual form; when the whole does not
 * parse, each non-empty line is one envelope (or an array of them).
 */
export function parseTelemetryBatch(bytes: Uint8Array): ParsedBatch {
  const body = new TextDecoder().decode(bytes).trim();
  if (body === '') return { kind: 'malformed', reason: 'empty body' };
  // Text the database cannot hold (a NUL character, half a surrogate pair) is rare: only then is
  // every value walked.
  const clean = NEEDS_CLEANING.test(body);
  const whole = parseJson(body, clean);
  let raw: { index: number; value: unknown; error?: string }[];
  if (whole.ok) {
    const values = Array.isArray(whole.value) ? whole.value : [whole.value];
    raw = values.map((value, index) => ({ index, value }));
  } else {
    raw = [];
    for (const line of body.split('\n')) {
      if (line.trim() === '') continue;
      const parsed = parseJson(line, clean);
      if (!parsed.ok) raw.push({ index: raw.length, value: undefined, error: 'not JSON' });
      else for (const value of Array.isArray(parsed.value) ? parsed.value : [parsed.value]) raw.push({ index: raw.length, value });
    }
    if (raw.every((item) => item.error !== undefined)) return { kind: 'malformed', reason: 'not JSON' };
  }
  if (raw.length === 0) return { kind: 'malformed', reason: 'no items' };
  if (raw.length > MAX_ITEMS) return { kind: 'malformed', reason: `more than ${MAX_ITEMS} items` };
  return { kind: 'items', items: raw.map(({ index, value, error }) => (error !== undefined ? { index, error } : checkItem(index, value))) };
}

function checkItem(index: number, value: unknown): BatchItem {
  const parsed = envelopeSchema.safeParse(value);
  if (parsed.success) return { index, envelope: parsed.data };
  const issue = parsed.error.issues[0];
  return { index, error: issue ? `${issue.path.join('.') || 'item'}: ${issue.message}` : 'not an item' };
}

function parseJson(text: string, clean: boolean): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value: clean ? cleanDeep(value) : value };
  } catch {
    return { ok: false };
  }
}

/** An escaped NUL or surrogate half in the JSON text (a raw NUL is not valid JSON; the decoder replaced bad bytes already). */
const NEEDS_CLEANING = /\\u0000|\\u[dD][89a-fA-F]/;

/** Without NUL characters (PostgreSQL's text cannot hold them) and with unpaired surrogates replaced (its jsonb refuses them), keys too. */
export function cleanDeep(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleanDeep(inner)]));
  }
  return value;
}

function cleanText(text: string): string {
  return text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD');
}
