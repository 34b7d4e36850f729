import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './webhook-address';

// One HTTP attempt of a delivery, over node:http(s) so the connection goes to the address the
// SSRF check approved (`lookup` answers it; TLS still checks the certificate against the URL's
// host name). Redirects are not followed: a 3xx is a failed attempt, as Standard Webhooks says.

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** What of an answer's body is read before the connection is dropped (it is not kept). */
const MAX_ANSWER_BYTES = 64 * 1024;

export type AttemptOutcome = { statusCode: number | null; durationMs: number; error: string | null };

export function postWebhook(url: URL, target: ResolvedTarget, headers: Record<string, string>, body: string, timeoutMs = ATTEMPT_TIMEOUT_MS): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Traveldesk-Webhooks/1' }, lookup, timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const statusCode = response.statusCode ?? null;
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        const done = () => finish({ statusCode, error: ok ? null : `HTTP ${statusCode}` });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => finish({ statusCode: null, error: error.message.slice(0, 500) }));
    request.end(body);
  });
}
