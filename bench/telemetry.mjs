// Server telemetry's cost (docs/telemetry.md#server), on the same build in the same run:
// - `telemetryOnVsOff` ≥ 0.97: the tour page with traces and metrics exported over OTLP (`on`)
//   against the same page of a portal without a collector (`off`, the default: it still keeps
//   its slow spans);
// - `telemetryOffVsDisabled` ≥ 0.97: that default against a portal with OpenTelemetry switched off
//   (`disabled`, OTEL_SDK_DISABLED=true: no tracer at all, what the portal ran before): cheap when
//   no collector is configured.
// Three portals of the build in .next run side by side — `on` exporting to a sink in this process
// that reads and counts each export (OTLP/HTTP, protobuf as a production collector gets it) and
// answers 200 — and are loaded in turn, BENCH_RATIO_ROUNDS rounds of BENCH_RATIO_SECONDS each
// (after half a second's warm-up), each round starting with the next side, so a drift of the
// machine falls on all alike; a ratio is of the summed rates. The signed-in agent's tour page
// (rendered per request: its queries are spans too) is measured the same way, without a check.
// Run by bench/run.mjs after its other parts (BENCH_SKIP_TELEMETRY=1 skips it), or alone:
// `node bench/telemetry.mjs` (a test build in .next: `TRAVELDESK_TEST_BUILD=1 npx next build`),
// on PostgreSQL with BENCH_DATABASE_URL (the portals share that database), else each on a fresh
// embedded database. Ports: BENCH_PORT + 5 (the sink), + 6 (`off`), + 7 (`on`), + 8 (`disabled`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { signIn } from './lib/auth.mjs';
import { getRaw, round, runLoad } from './lib/load.mjs';
import { processTreeUsage } from './lib/process-tree.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results', 'telemetry.json');
const AGENT = { email: 'senior@desertrose.test', password: 'Traveldesk!2026' };
const DEFAULT_TOUR = 'burj-khalifa-at-the-top';
const HEALTH_TIMEOUT_MS = 240_000;
/** The target: the tour page's rate with telemetry exported, over its rate without a collector. */
export const TELEMETRY_TARGET = 0.97;

const log = (...args) => console.error('[bench:telemetry]', ...args);

function positive(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function telemetrySettings(env = process.env) {
  const base = Math.round(Number(env.BENCH_PORT) || 3300);
  return {
    ports: { sink: base + 5, off: base + 6, on: base + 7, disabled: base + 8 },
    rounds: Math.max(1, Math.round(positive('BENCH_RATIO_ROUNDS', 15))),
    seconds: positive('BENCH_RATIO_SECONDS', 2),
    connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    tour: env.BENCH_TOUR || null,
  };
}

/** The collector stand-in: reads every export, counts requests and bytes per signal, answers 200. */
function startSink(port) {
  const received = { traces: { requests: 0, bytes: 0 }, metrics: { requests: 0, bytes: 0 }, other: { requests: 0, bytes: 0 } };
  const server = http.createServer((request, response) => {
    const signal = request.url === '/v1/traces' ? 'traces' : request.url === '/v1/metrics' ? 'metrics' : 'other';
    received[signal].requests += 1;
    request.on('data', (chunk) => (received[signal].bytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/x-protobuf' }).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ received, stop: () => new Promise((done) => server.close(done)) }));
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal at ${url} exited with code ${child.exitCode} before it was ready`);
    if (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false)) return;
    await sleep(500);
  }
  throw new Error(`${url}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/** `node scripts/start.mjs` as the main bench starts it, with `extraEnv`; returns its pid and a stop. */
async function startPortal(port, settings, extraEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-bench-telemetry-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATABASE_URL: settings.databaseUrl,
    DEMO: 'on',
    PAYMENTS_SANDBOX: 'on',
    TEST_HOOKS: undefined,
    TRAVELDESK_TEST_BUILD: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
    OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: undefined,
    ...extraEnv,
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop };
}

async function chooseTour(url, settings) {
  if (settings.tour) return settings.tour;
  const sitemap = await getRaw(`${url}/sitemap.xml`).catch(() => null);
  const slug = sitemap?.status === 200 ? sitemap.body.toString('utf8').match(/<loc>[^<]*\/tour\/([^/<?#]+)<\/loc>/)?.[1] : null;
  return slug ? decodeURIComponent(slug) : DEFAULT_TOUR;
}

/** The portals' page in rotating rounds (each round starts one side later); per side the mean rps, and the CPU per request. */
async function alternate(label, portals, pathname, headers, settings) {
  const sides = Object.keys(portals);
  const rounds = [];
  const cpu = Object.fromEntries(sides.map((side) => [side, { ms: 0, requests: 0 }]));
  for (let index = 0; index < settings.rounds; index++) {
    const order = sides.map((_, offset) => sides[(index + offset) % sides.length]);
    const entry = {};
    for (const side of order) {
      const portal = portals[side];
      const result = await runLoad({
        url: `${portal.url}${pathname}`,
        headers: headers[side] ?? {},
        seconds: settings.seconds,
        warmupSeconds: 0.5,
        connections: settings.connections,
        sample: () => processTreeUsage(portal.pid).cpuMs,
      });
      entry[side] = result.rps;
      cpu[side].ms += result.sampled ?? 0;
      cpu[side].requests += result.requests;
      if (result.errors > 0 || Object.keys(result.statuses).some((status) => status !== '200')) {
        log(`${label} round ${index + 1} ${side}: statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`);
      }
    }
    rounds.push(entry);
    log(`${label} round ${index + 1}: ${sides.map((side) => `${side} ${entry[side]} req/s`).join(', ')}`);
  }
  const sum = (side) => rounds.reduce((total, entry) => total + entry[side], 0);
  const ratioOf = (a, b) => (sum(b) ? round(sum(a) / sum(b), 3) : null);
  return {
    rounds,
    rps: Object.fromEntries(sides.map((side) => [side, round(sum(side) / rounds.length)])),
    onVsOff: ratioOf('on', 'off'),
    offVsDisabled: ratioOf('off', 'disabled'),
    serverCpuMsPerRequest: Object.fromEntries(sides.map((side) => [side, cpu[side].requests ? round(cpu[side].ms / cpu[side].requests, 3) : null])),
  };
}

/** The telemetry part's summary: `{ tour, anonymousTour, agentTour, exported, checks }`. */
/** What the run started, stopped on its way out (also on SIGINT/SIGTERM when run alone). */
const stops = [];

export async function measureTelemetry(settings = telemetrySettings()) {
  try {
    const sink = await startSink(settings.ports.sink);
    stops.push(sink.stop);
    log(`starting three portals: disabled on ${settings.ports.disabled}, off on ${settings.ports.off}, on ${settings.ports.on} (exporting to the sink on ${settings.ports.sink})`);
    // One after the other: on one PostgreSQL the second waits for the first's migrations anyway.
    const disabled = await startPortal(settings.ports.disabled, settings, { OTEL_SDK_DISABLED: 'true' });
    stops.push(disabled.stop);
    const off = await startPortal(settings.ports.off, settings, {});
    stops.push(off.stop);
    const on = await startPortal(settings.ports.on, settings, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${settings.ports.sink}` });
    stops.push(on.stop);
    const portals = { disabled, off, on };
    const tour = await chooseTour(off.url, settings);
    const pathname = `/tour/${encodeURIComponent(tour)}`;
    for (const portal of Object.values(portals)) {
      const first = await getRaw(`${portal.url}${pathname}`);
      if (first.status !== 200) throw new Error(`${portal.url}${pathname} answered ${first.status}`);
    }
    const anonymousTour = await alternate('anonymous tour', portals, pathname, {}, settings);
    const cookies = Object.fromEntries(await Promise.all(Object.entries(portals).map(async ([side, portal]) => [side, { cookie: await signIn(portal.url, AGENT) }])));
    const agentTour = await alternate('agent tour', portals, pathname, cookies, settings);
    // What the `on` portal's exporter sent during the run (its batches every 5 s, its metrics every minute).
    await sleep(6_000);
    const exported = JSON.parse(JSON.stringify(sink.received));
    const problems = exported.traces.requests === 0 ? ['the `on` portal exported no traces to the sink'] : [];
    const value = anonymousTour.onVsOff;
    const cheap = anonymousTour.offVsDisabled;
    return {
      database: settings.databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
      tour,
      rounds: settings.rounds,
      secondsPerSide: settings.seconds,
      connections: settings.connections,
      anonymousTour,
      agentTour,
      exported,
      checks: {
        telemetryOnVsOff: {
          value,
          target: `>= ${TELEMETRY_TARGET}`,
          pass: problems.length === 0 && value !== null ? value >= TELEMETRY_TARGET : null,
          ...(problems.length > 0 ? { note: problems.join('; ') } : {}),
        },
        telemetryOffVsDisabled: { value: cheap, target: `>= ${TELEMETRY_TARGET}`, pass: cheap === null ? null : cheap >= TELEMETRY_TARGET },
      },
    };
  } finally {
    while (stops.length > 0) await stops.pop()().catch((error) => log('clean-up failed:', error.message));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      log(`${signal}: stopping`);
      while (stops.length > 0) await stops.pop()().catch(() => {});
      process.exit(130);
    });
  }
  try {
    const summary = await measureTelemetry();
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(JSON.stringify(summary, null, 2));
  } catch (error) {
    log('failed:', error.stack ?? error.message);
    process.exit(1);
  }
}
