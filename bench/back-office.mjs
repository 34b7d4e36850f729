// The back office's targets on a generated data set (bench/generate-back-office.ts): with 1,000,000
// bookings over 200 agencies, the heavy agency's filtered booking list (p99 < 100 ms), its
// statement of a month with 10,000 entries (< 200 ms), and an xlsx export of more than 100,000 rows
// (first byte < 1 s, server memory growth < 100 MB); and the console's: the requests queue
// and agency search (p99 < 100 ms each), and the agent dashboard of the heavy agency (p99 < 100 ms). Run by bench/run.mjs after the other parts
// (BENCH_SKIP_BACK_OFFICE=1 skips it), or alone: `node bench/back-office.mjs` prints its JSON.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TEST_BUILD_ENV } from '../scripts/build-kind.mjs';
import { processTreeUsage } from './lib/process-tree.mjs';
import { signIn, signInStaff } from './lib/auth.mjs';
import { getRaw, percentile, round } from './lib/load.mjs';
import { runScript } from './lib/run-script.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = 3303;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const AGENT = { email: 'senior@bench-001.test', password: 'Traveldesk!2026' };
const STATEMENT_MONTH = '2026-10';
const LIST_PATH = '/bookings?status=completed&travelFrom=2025-09-01&travelTo=2026-06-30&sort=tourDate';
const GENERATE_TIMEOUT_MS = 20 * 60_000;
const REQUESTS = { list: 60, statement: 30, dashboard: 100, console: 200, warmup: 5 };
// The agent dashboard of the heavy agency's senior agent (150,000 bookings): every block and chart.
const DASHBOARD_PATH = '/dashboard';
// The console's targets: the operator's requests queue (100,000 open requests among the million,
// oldest first) and agency search (200 agencies), as the demo operator sees them.
const STAFF = { email: 'operator@traveldesk.test', password: 'Traveldesk!2026', totpSecret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD' };
const REQUESTS_QUEUE_PATH = '/ops/requests';
const AGENCY_SEARCH_PATH = '/ops/agencies?q=bench+agency+1';

const log = (...args) => console.error('[bench:back-office]', ...args);

/** Resident memory (bytes) of a process and all its descendants. */
const treeRss = (rootPid) => processTreeUsage(rootPid).rssBytes;

async function timedGets(url, cookie, count) {
  const latencies = [];
  const statuses = {};
  for (let i = 0; i < REQUESTS.warmup + count; i += 1) {
    const started = performance.now();
    const response = await getRaw(url, { cookie });
    if (i >= REQUESTS.warmup) {
      latencies.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses, requests: count };
}

/** Downloads the export, noting the first byte and the server's memory every 50 ms. */
function measureExport(url, cookie, serverPid) {
  return new Promise((resolve, reject) => {
    const baseline = treeRss(serverPid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(serverPid))), 50);
    const started = performance.now();
    let firstByte = null;
    let bytes = 0;
    http
      .get(url, { headers: { cookie } }, (response) => {
        response.on('data', (chunk) => {
          firstByte ??= performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () => {
          clearInterval(sampler);
          resolve({
            status: response.statusCode,
            firstByteMs: round(firstByte),
            totalMs: round(performance.now() - started),
            bytes,
            memoryBaselineMiB: round(baseline / 2 ** 20, 1),
            memoryGrowthMiB: round((peak - baseline) / 2 ** 20, 1),
          });
        });
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

/**
 * A fresh database for the data set: an embedded one in a temporary directory, or, with
 * BENCH_DATABASE_URL (a PostgreSQL server on 127.0.0.1), a new database on that server.
 */
async function prepareDatabase(dataDir) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { driver: 'pglite', env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, drop: async () => {} };
  const { default: postgres } = await import('postgres');
  const name = 'traveldesk_bench_back_office';
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    driver: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function measureBackOffice() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-back-office-'));
  const database = await prepareDatabase(dataDir);
  const env = { ...process.env, ...database.env, NEXT_TELEMETRY_DISABLED: '1' };
  let server = null;
  try {
    const generateStarted = Date.now();
    log(`generating the data set in ${dataDir}`);
    await runScript('bench/generate-back-office.ts', env, GENERATE_TIMEOUT_MS);
    const generateSeconds = round((Date.now() - generateStarted) / 1000, 1);

    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      // The bench's own build (bench/run.mjs builds it; scripts/start.mjs builds one when .next holds none).
      env: { ...env, PORT: String(PORT), AUTH_SECRET: randomBytes(32).toString('base64url'), TEST_HOOKS: undefined, [TEST_BUILD_ENV]: '1' },
      stdio: ['ignore', 2, 2],
    });
    for (let ready = false; !ready; await sleep(500)) {
      if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}`);
      ready = await fetch(`${URL_BASE}/api/health`).then((r) => r.ok, () => false);
    }
    const cookie = await signIn(URL_BASE, AGENT);
    log('measuring the booking list, the statement and the export');
    const list = await timedGets(`${URL_BASE}${LIST_PATH}`, cookie, REQUESTS.list);
    const statement = await timedGets(`${URL_BASE}/balance?month=${STATEMENT_MONTH}`, cookie, REQUESTS.statement);
    log('measuring the agent dashboard');
    const dashboard = await timedGets(`${URL_BASE}${DASHBOARD_PATH}`, cookie, REQUESTS.dashboard);
    const staffCookie = await signInStaff(URL_BASE, STAFF);
    log('measuring the console: requests queue and agency search');
    const requestsQueue = await timedGets(`${URL_BASE}${REQUESTS_QUEUE_PATH}`, staffCookie, REQUESTS.console);
    const agencySearch = await timedGets(`${URL_BASE}${AGENCY_SEARCH_PATH}`, staffCookie, REQUESTS.console);
    // A first small export loads the xlsx writer into the server, so the measured one is a steady-state download.
    await getRaw(`${URL_BASE}/api/bookings/export?scope=all&guest=warm-up-matches-nothing`, { cookie });
    const exportAll = await measureExport(`${URL_BASE}/api/bookings/export?scope=all`, cookie, server.pid);
    const check = (value, target, passes) => ({ value, target, pass: value === null ? null : passes(value) });
    return {
      database: database.driver,
      dataSet: { bookings: Number(process.env.BENCH_BOOKINGS ?? 1_000_000), agencies: Number(process.env.BENCH_AGENCIES ?? 200), generateSeconds },
      list: { path: LIST_PATH, ...list },
      statement: { path: `/balance?month=${STATEMENT_MONTH}`, ...statement },
      dashboard: { path: DASHBOARD_PATH, ...dashboard },
      export: exportAll,
      requestsQueue: { path: REQUESTS_QUEUE_PATH, ...requestsQueue },
      agencySearch: { path: AGENCY_SEARCH_PATH, ...agencySearch },
      checks: {
        // A redirect to the sign-in would be fast and wrong: only pages served count.
        requestsQueueP99: check(requestsQueue.p99, '< 100 ms, all 200', (v) => v < 100 && requestsQueue.statuses[200] === REQUESTS.console),
        agencySearchP99: check(agencySearch.p99, '< 100 ms, all 200', (v) => v < 100 && agencySearch.statuses[200] === REQUESTS.console),
        listP99: check(list.p99, '< 100 ms', (v) => v < 100),
        statementP99: check(statement.p99, '< 200 ms', (v) => v < 200),
        // A redirect to the sign-in would be fast and wrong: only dashboards served count.
        dashboardP99: check(dashboard.p99, '< 100 ms, all 200', (v) => v < 100 && dashboard.statuses[200] === REQUESTS.dashboard),
        exportFirstByte: check(exportAll.firstByteMs, '< 1000 ms', (v) => v < 1000),
        exportMemoryGrowth: check(exportAll.memoryGrowthMiB, '< 100 MiB', (v) => v < 100),
      },
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  measureBackOffice().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      log('failed:', error.stack ?? error.message);
      process.exit(1);
    },
  );
}
