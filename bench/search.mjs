// The search target (docs/catalogue.md#search): the search page's p99 < 50 ms at BENCH_CONNECTIONS
// (10) concurrent clients on 10,000 generated tours (bench/generate-search-tours.ts), on the embedded
// database and, with BENCH_DATABASE_URL (a PostgreSQL server on loopback), on a database of its own
// there. For each, it generates the data set before a portal opens it, starts the portal of the
// bench's build on 127.0.0.1:BENCH_PORT + 9, and loads `/search` with a mix of queries, each client
// taking the next one in turn: a transliterated name, a Cyrillic one, a typo, a broad word with a
// filter and a sort, filters alone, a day's availability, and a text that matches nothing (the
// suggestions). Run by bench/run.mjs after the other parts (BENCH_SKIP_SEARCH=1 skips it), or
// alone on a build in .next: `node bench/search.mjs` prints its JSON.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TEST_BUILD_ENV } from '../scripts/build-kind.mjs';
import { closedLoop, keepAliveAgent, percentile, round, send } from './lib/load.mjs';
import { processTreeUsage } from './lib/process-tree.mjs';
import { runScript } from './lib/run-script.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3300) + 9;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TARGET_P99_MS = 50;
const GENERATE_TIMEOUT_MS = 10 * 60_000;
const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const SECONDS = number('BENCH_SEARCH_SECONDS', number('BENCH_SECONDS', 10));
const WARMUP_SECONDS = number('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = Math.round(number('BENCH_CONNECTIONS', 10));
/** Requests of each kind sent one at a time after the load, for the CPU each kind costs the portal. */
const SINGLE_REQUESTS = Math.round(number('BENCH_SEARCH_SINGLE_REQUESTS', 20));

const log = (...args) => console.error('[bench:search]', ...args);

/** A week ahead, in Dubai: inside the generated two weeks of slots. */
function weekAhead() {
  return new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Dubai' });
}

/** The queries, by kind; each is a URL of the search page as a visitor's browser asks it. */
export function searchQueries() {
  const query = (params) => `/search?${new URLSearchParams(params)}`;
  return {
    transliterated: query({ q: 'burdj khalifa' }),
    cyrillic: query({ q: 'бурдж халифа' }),
    // A generated place name (Kamine, three of the tours) with a letter wrong.
    typo: query({ q: 'kamune' }),
    broadWithFilters: query({ q: 'desert safari', city: 'dubai', sort: 'price' }),
    filtersOnly: query({ category: 'cruises', price: '100-250', duration: '3-6h' }),
    date: query({ date: weekAhead(), sort: 'popular' }),
    noMatch: query({ q: 'zzqx vvwp' }),
  };
}

/** A database for one run: an embedded one in `dataDir`, or a new database on the PostgreSQL server of `serverUrl`. */
async function prepareDatabase(driver, dataDir) {
  if (driver === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, drop: async () => {} };
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname)) throw new Error('BENCH_DATABASE_URL must be on loopback');
  const { default: postgres } = await import('postgres');
  // Named after the port, so two checkouts' runs (each its own BENCH_PORT) on one server never drop each other's.
  const name = `traveldesk_bench_search_${PORT}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Every client takes the next query in turn; latencies are kept per kind and overall. */
async function loadMix(queries, seconds, serverPid) {
  const kinds = Object.keys(queries);
  const agent = keepAliveAgent(CONNECTIONS);
  const latencies = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const statuses = {};
  const counts = {};
  const errors = {};
  let next = 0;
  const cpuBefore = serverPid ? processTreeUsage(serverPid).cpuMs : 0;
  try {
    const elapsed = await closedLoop({ seconds, connections: CONNECTIONS }, async () => {
      const kind = kinds[next++ % kinds.length];
      const started = performance.now();
      try {
        const response = await send(`${URL_BASE}${queries[kind]}`, { agent, headers: { 'accept-encoding': 'identity' } });
        latencies[kind].push(performance.now() - started);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        const total = /data-total="(\d+)"/.exec(response.body)?.[1];
        counts[kind] = total === undefined ? null : Number(total);
      } catch (error) {
        // A request over the load helper's time limit (or a dropped connection) is a failed answer, not a latency.
        errors[error.message.split(':')[0]] = (errors[error.message.split(':')[0]] ?? 0) + 1;
      }
    });
    const all = Object.values(latencies).flat();
    const cpuMs = serverPid ? processTreeUsage(serverPid).cpuMs - cpuBefore : null;
    return {
      requests: all.length,
      // The CPU the portal's processes (PGlite runs inside them; a PostgreSQL server's does not count) spent per answer.
      serverCpuMsPerRequest: cpuMs === null || all.length === 0 ? null : round(cpuMs / all.length, 1),
      rps: round(all.length / elapsed, 1),
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      statuses,
      errors,
      byKind: Object.fromEntries(kinds.map((kind) => [kind, { p50: percentile(latencies[kind], 50), p99: percentile(latencies[kind], 99), results: counts[kind] }])),
    };
  } finally {
    agent.destroy();
  }
}

/**
 * The sign-in page: rendered per request like the search page (through the proxy, the public layout,
 * no database read of its own), a form and little else. What any per-request page of the portal
 * costs at least, measured beside the search kinds as their floor.
 */
const DYNAMIC_PAGE_FLOOR = '/sign-in';

/**
 * Each kind alone, one request at a time (after three unmeasured ones): its latency without queueing
 * and the portal's CPU per answer, which is what decides the p99 under load on a machine of few cores;
 * `dynamicPageFloor` the same for the sign-in page.
 */
async function oneAtATime(queries, serverPid) {
  const agent = keepAliveAgent(1);
  const byKind = {};
  try {
    for (const [kind, url] of [...Object.entries(queries), ['dynamicPageFloor', DYNAMIC_PAGE_FLOOR]]) {
      for (let i = 0; i < 3; i += 1) await send(`${URL_BASE}${url}`, { agent, headers: { 'accept-encoding': 'identity' } });
      const before = processTreeUsage(serverPid).cpuMs;
      const times = [];
      let bytes = 0;
      for (let i = 0; i < SINGLE_REQUESTS; i += 1) {
        const started = performance.now();
        const response = await send(`${URL_BASE}${url}`, { agent, headers: { 'accept-encoding': 'identity' } });
        times.push(performance.now() - started);
        bytes = Buffer.byteLength(response.body);
      }
      byKind[kind] = { p50: percentile(times, 50), serverCpuMsPerRequest: round((processTreeUsage(serverPid).cpuMs - before) / SINGLE_REQUESTS, 1), htmlBytes: bytes };
    }
  } finally {
    agent.destroy();
  }
  return { requestsPerKind: SINGLE_REQUESTS, byKind };
}

async function measureOn(driver) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-search-'));
  const database = await prepareDatabase(driver, dataDir);
  const env = { ...process.env, ...database.env, NEXT_TELEMETRY_DISABLED: '1' };
  let server = null;
  try {
    const generateStarted = Date.now();
    log(`${driver}: generating the tours`);
    await runScript('bench/generate-search-tours.ts', env, GENERATE_TIMEOUT_MS);
    const generateSeconds = round((Date.now() - generateStarted) / 1000, 1);
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      // The demo (as the rest of the bench), also on PostgreSQL, whose default is production.
      env: { ...env, PORT: String(PORT), DEMO: 'on', AUTH_SECRET: randomBytes(32).toString('base64url'), TEST_HOOKS: undefined, JOBS: 'off', [TEST_BUILD_ENV]: '1' },
      stdio: ['ignore', 2, 2],
    });
    let ready = false;
    for (let i = 0; i < 240 && !ready; i += 1) {
      await sleep(500);
      ready = await fetch(`${URL_BASE}/api/health`).then((r) => r.ok, () => false);
    }
    if (!ready) throw new Error(`the portal on ${URL_BASE} did not become healthy`);
    const queries = searchQueries();
    log(`${driver}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s at ${CONNECTIONS} clients`);
    await loadMix(queries, WARMUP_SECONDS, server.pid);
    const load = await loadMix(queries, SECONDS, server.pid);
    log(`${driver}: p99 ${load.p99} ms, ${load.rps} rps, ${load.serverCpuMsPerRequest} ms of the portal's CPU per answer`);
    const single = await oneAtATime(queries, server.pid);
    return { tours: number('BENCH_SEARCH_TOURS', 10_000), generateSeconds, loadAverage: os.loadavg()[0], connections: CONNECTIONS, seconds: SECONDS, queries, ...load, oneAtATime: single };
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The search part of the summary: per database, the load and its check. */
export async function measureSearch() {
  const drivers = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const result = { targetP99Ms: TARGET_P99_MS };
  for (const driver of drivers) {
    try {
      const measured = await measureOn(driver);
      const failed = [...Object.keys(measured.statuses).filter((status) => status !== '200'), ...Object.keys(measured.errors)];
      result[driver] = {
        ...measured,
        check: {
          value: measured.p99,
          target: `< ${TARGET_P99_MS} ms`,
          pass: failed.length === 0 ? measured.p99 < TARGET_P99_MS : false,
          ...(failed.length > 0 ? { note: `answers other than 200, or failed requests: ${failed.join(', ')}` } : {}),
        },
      };
    } catch (error) {
      result[driver] = { error: error.message, check: { value: null, target: `< ${TARGET_P99_MS} ms`, pass: false } };
    }
  }
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measureSearch();
  console.log(JSON.stringify(result, null, 2));
}
