import type { ReplayEndReason } from '@/shared/telemetry/replay';
import type { RecorderEvent, Upload, UploadOutcome } from './replay-recorder';

// Sends a recording's chunks to `/api/telemetry/replay` (docs/telemetry.md "## Replay"): gzipped
// in the browser (CompressionStream), numbered per session so a retried chunk is stored once,
// retried on 429 (after its Retry-After) and on outages, given up on a refusal.

const ENDPOINT = '/api/telemetry/replay';
const ATTEMPTS = 4;
/** Browsers send at most 64 KB of keepalive bodies per page: a bigger one on leaving goes without keepalive. */
const KEEPALIVE_LIMIT = 60 * 1024;

export async function gzipJson(value: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The next chunk number of a session, shared by its tabs (localStorage; sessionStorage when that is refused). */
export function nextChunkNumber(sessionId: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): number {
  const key = `traveldesk-replay-seq:${sessionId}`;
  try {
    const next = Number(storage?.getItem(key) ?? '0');
    const seq = Number.isInteger(next) && next >= 0 ? next : 0;
    storage?.setItem(key, String(seq + 1));
    return seq;
  } catch {
    // Storage refused (private mode, full): a number no other chunk of this page takes.
    return Math.floor(Math.random() * 900_000) + 100_000;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createUpload(options: {
  sessionId: string;
  locale: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  fetch?: typeof fetch;
}): Upload {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  return async ({ events, path, end, leaving }: { events: RecorderEvent[]; path: string; end?: ReplayEndReason; leaving: boolean }): Promise<UploadOutcome> => {
    const body = await gzipJson(events);
    const query = new URLSearchParams({ sessionId: options.sessionId, seq: String(nextChunkNumber(options.sessionId, options.storage)), locale: options.locale, path: path.slice(0, 2048) });
    if (end) query.set('end', end);
    const init: RequestInit = {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      credentials: 'same-origin',
      keepalive: leaving && body.byteLength <= KEEPALIVE_LIMIT,
    };
    for (let attempt = 1; attempt <= (leaving ? 1 : ATTEMPTS); attempt += 1) {
      let status: number;
      let retryAfter: string | null = null;
      try {
        const response = await send(`${ENDPOINT}?${query}`, init);
        status = response.status;
        retryAfter = response.headers.get('retry-after');
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) return 'stored';
      // Not recorded (sampling, the agency's opt-out) or the session's cap: nothing more is sent.
      if (status === 403 || status === 413) return 'stop';
      // Bad input is not sent again.
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'lost';
      const seconds = Number(retryAfter);
      await wait(Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 120) * 1000 : 2 ** attempt * 1000);
    }
    return 'lost';
  };
}
