// The browser telemetry collector under load (bench/README.md "Telemetry collector"): batches of
// 50 envelopes, as the Application Insights SDK posts them, sent to `/api/telemetry` at a fixed
// rate (open loop: a slow answer does not slow the sender, so queueing shows in the latencies),
// from many simulated browsers. Part of `npm run bench`; alone against a running portal:
// `BENCH_URL=http://127.0.0.1:3300 node bench/telemetry.mjs` (its rate limits raised:
// TELEMETRY_RATE_LIMIT_PER_ADDRESS and _PER_SESSION, as the bench's own portal has them).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, round } from './lib/load.mjs';

const EVENTS_PER_BATCH = 50;
/** Simulated browsers (sessions); each batch comes from one of them. */
const BROWSERS = 200;
/** Requests allowed in flight at once; past it a due batch is counted as not sent (the portal fell behind). */
const MAX_IN_FLIGHT = 512;
const REQUEST_TIMEOUT_MS = 10_000;

function id(seed) {
  return `bench${String(seed).padStart(17, '0')}`.slice(0, 22);
}

/** One batch of 50 items of a browser: page views, analytics events, Web Vitals, a failed call, an exception. */
export function batchBody(browser, variant) {
  const sessionId = id(browser);
  const path = `/en/tour/tour-${(browser + variant) % 40}`;
  const now = new Date().toISOString();
  const tags = { 'ai.session.id': sessionId, 'ai.user.id': id(browser + 100_000), 'ai.operation.name': path, 'ai.internal.sdkVersion': 'javascript:3.3.4' };
  const envelope = (baseType, baseData) => ({ name: `Microsoft.ApplicationInsights.0.${baseType}`, time: now, iKey: '00000000-0000-0000-0000-000000000000', tags, data: { baseType, baseData: { ver: 2, ...baseData } } });
  const items = [];
  for (let index = 0; items.length < EVENTS_PER_BATCH; index++) {
    switch (index % 10) {
      case 0:
        items.push(envelope('PageviewData', { name: 'Tour', url: `http://localhost${path}`, duration: '00:00:00.850', properties: { locale: 'en' } }));
        break;
      case 1:
        items.push(envelope('EventData', { name: 'tour_view', properties: { locale: 'en', tour: path } }));
        break;
      case 2:
        items.push(envelope('EventData', { name: 'search', properties: { locale: 'en', query: 'desert safari', results: 12 } }));
        break;
      case 3:
        items.push(envelope('PageviewPerformanceData', { name: 'Tour', url: `http://localhost${path}`, perfTotal: '00:00:01.900', networkConnect: '00:00:00.050', sentRequest: '00:00:00.100', receivedResponse: '00:00:00.200', domProcessing: '00:00:01.500', properties: { locale: 'en' } }));
        break;
      case 4:
        items.push(envelope('RemoteDependencyData', { name: 'GET /api/v1/b2b/availability/ByOffer', duration: '00:00:00.120', resultCode: 503, success: false, target: 'localhost', type: 'Fetch', properties: { locale: 'en' } }));
        break;
      case 5:
        items.push(envelope('ExceptionData', { exceptions: [{ typeName: 'TypeError', message: 'Cannot read properties of undefined', hasFullStack: true, stack: 'TypeError: Cannot read properties of undefined\n    at PriceTable (app.js:1:2)' }], severityLevel: 3, properties: { locale: 'en' } }));
        break;
      case 6:
        items.push(envelope('MessageData', { message: 'CLIENT_SESSION_ERROR: session check answered 503', severityLevel: 3, properties: { locale: 'en' } }));
        break;
      default:
        items.push(envelope('MetricData', { metrics: [{ name: ['LCP', 'INP', 'CLS'][index % 3], value: 100 + ((browser * 7 + index) % 900), count: 1 }], properties: { locale: 'en', path } }));
    }
  }
  return JSON.stringify(items);
}

function post(agent, url, body) {
  return new Promise((resolve) => {
    const { hostname, port, pathname } = new URL(url);
    const request = http.request(
      { hostname, port, path: pathname, method: 'POST', agent, timeout: REQUEST_TIMEOUT_MS, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', () => resolve('error'));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve('error'));
    request.end(body);
  });
}

/** `seconds` of batches at `rate` a second; latencies from each batch's scheduled time to its answer. */
async function openLoop(agent, url, bodies, { rate, seconds }) {
  const latencies = [];
  const statuses = {};
  let inFlight = 0;
  let notSent = 0;
  let sent = 0;
  const pending = [];
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  while (sent + notSent < total) {
    const due = start + (sent + notSent) * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(Math.floor(wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      notSent += 1;
      continue;
    }
    const body = bodies[(sent + notSent) % bodies.length];
    sent += 1;
    inFlight += 1;
    pending.push(
      post(agent, url, body).then((status) => {
        inFlight -= 1;
        latencies.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  return { latencies, statuses, notSent, elapsed };
}

/**
 * `{ rate, seconds, eventsPerBatch, batchBytes, acceptedPerSecond, p50, p99, statuses, notSent }`:
 * the offered rate, and what the collector accepted (200s) per second of the measured phase.
 */
export async function measureTelemetryCollector({ url, rate = 500, seconds = 10, warmupSeconds = 2, log = () => {} }) {
  const endpoint = `${url}/api/telemetry`;
  const bodies = Array.from({ length: BROWSERS }, (_, browser) => batchBody(browser, browser % 7));
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  try {
    const probe = await post(agent, endpoint, bodies[0]);
    if (probe !== 200) return { error: `/api/telemetry answered ${probe} to a batch` };
    if (warmupSeconds > 0) await openLoop(agent, endpoint, bodies, { rate, seconds: warmupSeconds });
    const { latencies, statuses, notSent, elapsed } = await openLoop(agent, endpoint, bodies, { rate, seconds });
    const result = {
      rate,
      seconds,
      eventsPerBatch: EVENTS_PER_BATCH,
      batchBytes: Math.round(bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0) / bodies.length),
      browsers: BROWSERS,
      acceptedPerSecond: round((statuses[200] ?? 0) / elapsed, 1),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses,
      notSent,
    };
    log(`telemetry collector: ${result.acceptedPerSecond} batches/s accepted of ${rate} offered, p50 ${result.p50} ms, p99 ${result.p99} ms, statuses ${JSON.stringify(statuses)}, not sent ${notSent}`);
    return result;
  } finally {
    agent.destroy();
  }
}

/** The check: ≥ 500 batches/s of 50 events accepted at p99 < 50 ms (the target is set for PostgreSQL). */
export function telemetryCollectorCheck(result, { onPostgres }) {
  const target = '>= 500 batches/s of 50 events at p99 < 50 ms (PostgreSQL)';
  if (!result || result.skipped || result.error) return { value: null, target, pass: null, note: result?.error ?? 'skipped (BENCH_SKIP_TELEMETRY=1)' };
  const value = { acceptedPerSecond: result.acceptedPerSecond, p99: result.p99 };
  const pass = result.acceptedPerSecond >= 500 && result.p99 !== null && result.p99 < 50 && result.notSent === 0;
  return onPostgres ? { value, target, pass } : { value, target, pass: null, note: 'measured on the embedded database; the target is for PostgreSQL' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = (process.env.BENCH_URL ?? 'http://127.0.0.1:3300').replace(/\/$/, '');
  const result = await measureTelemetryCollector({
    url,
    rate: Number(process.env.BENCH_TELEMETRY_RATE) || 500,
    seconds: Number(process.env.BENCH_TELEMETRY_SECONDS) || 10,
    log: (...args) => console.error('[bench]', ...args),
  });
  console.log(JSON.stringify(result, null, 2));
}
