import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from '@/server/http/outbound-address';

// One HTTP call to a supplier, over node:http(s) so the connection goes to the address the SSRF
// check approved (`lookup` answers it; TLS still checks the certificate against the URL's host
// name). Redirects are not followed (a 3xx is an invalid answer). The answer's body is read up to a
// cap: a supplier's products list is large, but not unbounded.

const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

export type HttpAnswer = { status: number; body: string };

/** The call did not finish within its time; the connection is dropped. */
export class HttpTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'HttpTimeout';
  }
}

export type HttpAgents = { http: http.Agent; https: https.Agent };

/** Keep-alive connections per connector: a page asking a supplier twice pays one handshake. */
export function createAgents(): HttpAgents {
  return { http: new http.Agent({ keepAlive: true, maxSockets: 16 }), https: new https.Agent({ keepAlive: true, maxSockets: 16 }) };
}

export function sendHttp(
  url: URL,
  target: ResolvedTarget,
  request: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; agents: HttpAgents },
): Promise<HttpAnswer> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const secure = url.protocol === 'https:';
  const client = secure ? https : http;
  const headers = { ...request.headers, ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }) };
  return new Promise((resolve, reject) => {
    const call = client.request(url, { method: request.method, headers, lookup, agent: secure ? request.agents.https : request.agents.http }, (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) {
          response.destroy(new Error(`answer over ${MAX_ANSWER_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    const timer = setTimeout(() => call.destroy(new HttpTimeout(request.timeoutMs)), request.timeoutMs);
    call.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    call.end(request.body);
  });
}
