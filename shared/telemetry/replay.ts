// Session replay's rules that the recorder (in the browser) and the endpoint (on the server) must
// agree on (docs/telemetry.md "## Replay"). Client-safe: no server imports.

/** The recording stops after this long without a user's input (issue: 30 minutes of inactivity). */
export const REPLAY_INACTIVITY_MS = 30 * 60 * 1000;

/** The recorder sends what it has at least this often (and on leaving the page). */
export const REPLAY_FLUSH_INTERVAL_MS = 10_000;

/** One upload's gzipped body at most; the recorder sends before its buffer's JSON reaches REPLAY_FLUSH_JSON_BYTES. */
export const REPLAY_MAX_CHUNK_BYTES = 512 * 1024;

/** The JSON of buffered events that makes the recorder send at once (it compresses ten- to twenty-fold). */
export const REPLAY_FLUSH_JSON_BYTES = 1024 * 1024;

/** One chunk's events once decompressed at most: a gzip bomb is refused before it fills memory. */
export const REPLAY_MAX_CHUNK_JSON_BYTES = 8 * 1024 * 1024;

/** Events in one chunk at most. */
export const REPLAY_MAX_CHUNK_EVENTS = 20_000;

/** A session's stored (gzipped) bytes at most; past it the recorder is told to stop. */
export const REPLAY_MAX_SESSION_BYTES = 20 * 1024 * 1024;

/** Uploads one session may make per minute (a normal recorder makes about six). */
export const REPLAY_UPLOADS_PER_MINUTE = 30;

/** The telemetry SDK's session cookie: `<id>|<acquired ms>|<renewed ms>` (beacon sets it). */
export const TELEMETRY_SESSION_COOKIE = 'ai_session';

/** A telemetry session id: the SDK makes 22 characters of base64; anything else is refused. */
export const REPLAY_SESSION_ID = /^[A-Za-z0-9+/_-]{8,64}$/;

/** Why the recorder ended a recording (stored as `replay_sessions.ended_reason`). */
export const REPLAY_END_REASONS = ['inactivity', 'payment_page', 'size_limit', 'session_changed'] as const;
export type ReplayEndReason = (typeof REPLAY_END_REASONS)[number];

/** The session id in a `document.cookie` string, or null while the SDK has set none. */
export function telemetrySessionId(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TELEMETRY_SESSION_COOKIE) continue;
    const id = decodeURIComponent(rest.join('=')).split('|')[0] ?? '';
    return REPLAY_SESSION_ID.test(id) ? id : null;
  }
  return null;
}

/**
 * Whether a session is recorded at `rate` (0..1), decided once per session: a hash of its id, so
 * every page, tab and reload of the session (and the server, checking an upload) decide alike.
 */
export function isSampled(sessionId: string, rate: number): boolean {
  if (!(rate > 0)) return false;
  if (rate >= 1) return true;
  // FNV-1a, 32 bits: spread evenly enough for a sampling rate.
  let hash = 0x811c9dc5;
  for (let index = 0; index < sessionId.length; index += 1) {
    hash ^= sessionId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000 < rate;
}

/**
 * Pages never recorded: where a card is typed or a payment is made. The portal's `/pay/…` (the
 * provider's page and the sandbox's card page `/pay/sandbox/…`), `/top-up` (it pays by card), the
 * embedded checkout's `/embedded/payment/…` and `/embedded/booking/…` (its payment's outcome), and
 * a widget site's `/payment/…` and `/booking/…`. Nor the operator console `/ops` (staff, not the
 * portal's users; its player would record itself). Any locale prefix (`/ru/…`) is allowed for.
 */
const EXCLUDED_PATH = /^(?:\/(?:en|ru))?(?:\/pay(?:\/|$)|\/top-up(?:\/|$)|\/embedded\/(?:payment|booking)(?:\/|$)|\/payment(?:\/|$)|\/booking(?:\/|$)|\/ops(?:\/|$))/;

export function isReplayExcludedPath(pathname: string): boolean {
  return EXCLUDED_PATH.test(pathname.toLowerCase());
}

/**
 * What rrweb masks and blocks (docs/telemetry.md "## Replay"): every input's value, and the text of
 * anything marked `data-private` or holding card-like data is recorded as asterisks; elements
 * marked `data-private` (the checkout's payment step) are blocked: a grey box of their size.
 */
export const REPLAY_PRIVACY = {
  maskAllInputs: true,
  blockSelector: '[data-private], iframe[src*="stripe"], [data-replay-block]',
  maskTextSelector: '[data-private], [autocomplete^="cc-"], [name*="card" i], [data-mask]',
} as const;
