// A small keep-alive HTTP load generator: `connections` clients each send one request at a time
// for a fixed duration (closed loop), after a warm-up whose results are discarded. `closedLoop` and
// `send` let other workloads (the booking load) vary each request.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const REQUEST_TIMEOUT_MS = 10_000;
/** A cap besides the clock, so a server answering errors instantly cannot spin forever. */
const MAX_REQUESTS_PER_PHASE = 2_000_000;

/**
 * One request through `agent`: total latency and time to the first body byte, both in ms, and the
 * body as text when `keepBody` (the page loads leave it off: decoding would load the generator).
 */
function request(options, agent, { body, keepBody = false } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request({ ...options, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const headersAt = performance.now();
      let firstByteAt = null;
      const chunks = [];
      res.on('data', (chunk) => {
        firstByteAt ??= performance.now();
        if (keepBody) chunks.push(chunk);
      });
      res.on('end', () => {
        const end = performance.now();
        resolve({
          status: res.statusCode,
          latency: end - start,
          ttfb: (firstByteAt ?? headersAt) - start,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : null,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `connections` clients each awaiting `task(clientIndex)` in turn until `seconds` have passed (or
 * the cap); a client stops early when its task returns false. Resolves to the elapsed seconds.
 */
export async function closedLoop({ seconds, connections }, task) {
  let sent = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async (index) => {
    while (performance.now() < deadline && sent < MAX_REQUESTS_PER_PHASE) {
      sent += 1;
      if ((await task(index)) === false) return;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
  return (performance.now() - start) / 1000;
}

/** A keep-alive agent for `connections` concurrent clients; `destroy()` it when done. */
export function keepAliveAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

/**
 * One request to `url` through a keep-alive `agent`, any method, `body` (a string) sent as is:
 * `{ status, latency, ttfb, body }` with the response body as text.
 */
export function send(url, { method = 'GET', headers = {}, body, agent }) {
  const { hostname, port, pathname, search } = new URL(url);
  const length = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) };
  return request({ hostname, port, path: `${pathname}${search}`, method, headers: { ...headers, ...length } }, agent, { body, keepBody: true });
}

async function phase(options, agent, { seconds, connections }) {
  const latencies = [];
  const ttfbs = [];
  const statuses = {};
  let errors = 0;
  const elapsed = await closedLoop({ seconds, connections }, async () => {
    try {
      const r = await request(options, agent);
      latencies.push(r.latency);
      ttfbs.push(r.ttfb);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    } catch {
      errors += 1;
    }
  });
  return { latencies, ttfbs, statuses, errors, elapsed };
}

/** One GET without keep-alive or decoding: `{ status, headers, body }` as sent. */
export function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** Nearest-rank percentile of an unsorted list, in ms rounded to 0.01. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[index]);
}

export function round(value, digits = 2) {
  return value === null || value === undefined ? null : Number(value.toFixed(digits));
}

/**
 * Loads `url` for `seconds` with `connections` concurrent keep-alive clients.
 * `rps` counts completed responses of any status; `statuses` tells which they were.
 * `sample`, when given, is read just before and after the measured phase (warm-up excluded), and
 * `sampled` is the difference: e.g. the server's CPU milliseconds spent on the measured requests.
 */
export async function runLoad({ url, headers = {}, seconds, warmupSeconds = 0, connections, sample }) {
  const { hostname, port, pathname, search } = new URL(url);
  const options = { hostname, port, path: `${pathname}${search}`, headers };
  const agent = keepAliveAgent(connections);
  try {
    if (warmupSeconds > 0) await phase(options, agent, { seconds: warmupSeconds, connections });
    const before = sample?.();
    const { latencies, ttfbs, statuses, errors, elapsed } = await phase(options, agent, { seconds, connections });
    const sampled = sample ? sample() - before : undefined;
    return {
      sampled,
      requests: latencies.length,
      errors,
      statuses,
      rps: round(latencies.length / elapsed, 1),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      ttfbP50: percentile(ttfbs, 50),
      ttfbP99: percentile(ttfbs, 99),
    };
  } finally {
    agent.destroy();
  }
}
