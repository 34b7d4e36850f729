// The several-machines targets on the scripted topology (scripts/cluster.mjs: two portals behind
// nginx on one PostgreSQL and one Redis), all on loopback and bounded in time:
// 1. the anonymous tour page through nginx's cache against nginx serving the same bytes as a static
//    file (`edgeCachedTourVsStatic`, ≥ 0.8), in alternating rounds with the same client and headers;
// 2. two portals behind nginx (cache off) against one (`twoPortalsVsOne`, ≥ 1.6 on ≥ 4 cores; on
//    fewer the ratio and where the CPU went are recorded, not judged);
// 3. a mixed load (70 % public pages, 20 % availability, 10 % bookings) at 50 clients with one portal
//    `kill -9`ed in the middle and restarted: no booking lost or duplicated, stock and ledger
//    consistent, errors only for requests in flight at the kill, the survivor's public pages fast.
// Run by bench/run.mjs after its other parts (BENCH_SKIP_CLUSTER=1 skips it), or alone:
// `node bench/cluster.mjs` prints its JSON (a build in .next: `TRAVELDESK_TEST_BUILD=1 npx next build`).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { signIn } from './lib/auth.mjs';
import { BOOKING_AGENTS, discoverSlots, GUEST, slotPicker } from './lib/booking-load.mjs';
import { getRaw, percentile, round, runLoad } from './lib/load.mjs';
import { classifyFailures, clusterChecks, inFlightAtKill, ledgerChainProblem } from './lib/cluster-checks.mjs';
import { processTreeUsage } from './lib/process-tree.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results', 'cluster.json');
const PASSWORD = 'Traveldesk!2026';
const DEFAULT_TOUR = 'burj-khalifa-at-the-top';
/** What a browser asks for: the cached page and the static file are then the same compressed bytes. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const REQUEST_TIMEOUT_MS = 10_000;
/** The event the survivor's p99 is taken over: from the kill until this long after the restarted portal is ready. */
const EVENT_TAIL_MS = 10_000;
/**
 * A booking that met the kill is retried with its key this often, `RETRY_PAUSE_MS` apart, as a
 * client would: 45 s, past the 30 s after which the portal takes over a claim its dead process
 * never answered (IDEMPOTENCY_CLAIM_STALE_SECONDS in server/api-access/idempotency.ts).
 */
const BOOKING_RETRIES = 45;
const RETRY_PAUSE_MS = 1_000;
/** Clients hitting the surviving portal directly (beside the mixed load), for its own p99. */
const PROBE_CLIENTS = 2;
const SCALE_ROUNDS = 3;
/** Portal CPU per request below which the cached phase counts as served by nginx's cache. */
const CACHED_CPU_MS_PER_REQUEST = 0.5;
/** Headers nginx writes itself when it serves a file (or that belong to the connection). */
const OWN_HEADERS = new Set(['server', 'date', 'content-type', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'last-modified', 'accept-ranges']);
/** http-level settings of the cluster's nginx that the static nginx copies (the others are nginx's defaults in both). */
const MIRRORED_DIRECTIVES = ['sendfile', 'tcp_nopush', 'tcp_nodelay', 'keepalive_timeout', 'keepalive_requests', 'server_tokens', 'open_file_cache', 'open_file_cache_valid', 'output_buffers'];
const CACHE_HEADER = /^(x-cache(-status)?|x-proxy-cache|cache-status)$/i;
const UPSTREAM_HEADER = /upstream/i;
const DUBAI_OFFSET_MS = 4 * 3_600_000;
const DAY_MS = 86_400_000;

const log = (...args) => console.error('[bench:cluster]', ...args);

function positive(env, name, fallback) {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (Number.isFinite(parsed) && parsed > 0) return parsed;
  throw new Error(`${name} must be a positive number, not "${value}"`);
}

/** The part's settings, from the bench's variables (bench/README.md). */
export function clusterSettings(env = process.env) {
  const benchPort = Math.round(positive(env, 'BENCH_PORT', 3300));
  const seconds = positive(env, 'BENCH_SECONDS', 10);
  return {
    basePort: Math.round(positive(env, 'BENCH_CLUSTER_PORT', benchPort + 10)),
    staticPort: benchPort + 4,
    connections: Math.round(positive(env, 'BENCH_CONNECTIONS', 10)),
    warmupSeconds: positive(env, 'BENCH_WARMUP_SECONDS', 2),
    ratioRounds: Math.max(1, Math.round(positive(env, 'BENCH_RATIO_ROUNDS', 15))),
    ratioSeconds: positive(env, 'BENCH_RATIO_SECONDS', 2),
    scaleSeconds: Math.max(2, seconds / 2),
    killSeconds: positive(env, 'BENCH_CLUSTER_KILL_SECONDS', 120),
    killConnections: Math.round(positive(env, 'BENCH_CLUSTER_KILL_CONNECTIONS', 50)),
    agencyFundsAed: Math.round(positive(env, 'BENCH_AGENCY_FUNDS_AED', 5_000_000)),
    tour: env.BENCH_TOUR || null,
    acceptEncoding: ACCEPT_ENCODING,
  };
}

function ratio(a, b) {
  return a && b ? round(a / b, 3) : null;
}


// ---------------------------------------------------------------------------------------------
// CPU: where the machine's cores went during a phase (portals, nginx, the load generator, others)

/** Busy and total CPU milliseconds of the whole machine since boot (/proc/stat). */
function machineCpu() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + fields[4];
  return { busyMs: (total - idle) * 10, totalMs: total * 10 };
}

/** nginx master processes whose command line names `dir` (the cluster's own nginx, not another helper's). */
function nginxMasters(dir) {
  const masters = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes('nginx') && cmdline.includes('master') && cmdline.includes(dir)) masters.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return masters;
}

function cpuSnapshot(cluster, nginxPids) {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    machine: machineCpu(),
    portals: cluster.portals.map((portal) => (portal.pid ? processTreeUsage(portal.pid).cpuMs : 0)),
    nginx: nginxPids.reduce((sum, pid) => sum + processTreeUsage(pid).cpuMs, 0),
    generator: (usage.user + usage.system) / 1000,
  };
}

/** Cores each part used between two snapshots (a core fully busy = 1). */
function coresUsed(before, after) {
  const wallMs = after.at - before.at;
  const cores = (ms) => round(ms / wallMs, 2);
  const busy = after.machine.busyMs - before.machine.busyMs;
  const portals = after.portals.map((ms, index) => Math.max(0, ms - (before.portals[index] ?? 0)));
  const nginx = Math.max(0, after.nginx - before.nginx);
  const generator = after.generator - before.generator;
  const total = after.machine.totalMs - before.machine.totalMs;
  return {
    portals: portals.map(cores),
    nginx: cores(nginx),
    loadGenerator: cores(generator),
    other: cores(Math.max(0, busy - portals.reduce((a, b) => a + b, 0) - nginx - generator)),
    idle: cores(total - busy),
  };
}

function sumCores(phases) {
  const keys = ['nginx', 'loadGenerator', 'other', 'idle'];
  const mean = (values) => round(values.reduce((a, b) => a + b, 0) / values.length, 2);
  return {
    portals: mean(phases.map((phase) => phase.portals.reduce((a, b) => a + b, 0))),
    ...Object.fromEntries(keys.map((key) => [key, mean(phases.map((phase) => phase[key]))])),
  };
}

// ---------------------------------------------------------------------------------------------
// One request, with its start and end on the bench's clock (performance.now()), never throwing.

function call(url, { method = 'GET', headers = {}, body, agent, keepBody = false }) {
  return new Promise((resolve) => {
    const start = performance.now();
    const done = (result) => resolve({ start, end: performance.now(), ...result });
    const allHeaders = body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method, headers: allHeaders, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => keepBody && chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: keepBody ? Buffer.concat(chunks).toString('utf8') : null }));
      res.on('error', (error) => done({ error: error.code ?? error.message }));
      res.on('close', () => res.complete || done({ error: 'aborted' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => done({ error: error.code ?? error.message }));
    req.end(body);
  });
}

function headerMatching(headers, pattern) {
  const name = Object.keys(headers ?? {}).find((key) => pattern.test(key));
  return name ? { name, value: String(headers[name]) } : null;
}

// ---------------------------------------------------------------------------------------------
// Target 1: the tour page from nginx's cache against the same bytes as a static file

/** nginx serving `body` at `/tour` as a plain file, with the cached answer's content headers. */
export async function startStaticNginx({ port, body, headers, clusterConfig }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-bench-static-'));
  // nginx's workers run as `nobody` when the master is root: they must be able to read the file.
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'tour');
  fs.writeFileSync(file, body, { mode: 0o644 });
  const quoted = (value) => `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  // Every header of the cached answer but those nginx writes itself for a file, so both answers weigh the same.
  const passOn = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name) && !CACHE_HEADER.test(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)]))
    // nginx reads `$` as a variable and has no escape for it: such a header is left out.
    .filter(([, value]) => !value.includes('$'))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`);
  // The cluster's own worker count, access logging and connection settings (nginx's defaults where
  // it sets none), so the two differ only in where the bytes come from.
  const workers = /^\s*worker_processes\s+(\w+);/m.exec(clusterConfig)?.[1] ?? 'auto';
  const accessLog = /^\s*access_log\s+off;/m.test(clusterConfig) ? 'off' : `${dir}/access.log`;
  const mirrored = MIRRORED_DIRECTIVES.map((name) => new RegExp(`^\\s*${name}\\s+[^;]*;`, 'm').exec(clusterConfig)?.[0].trim())
    .filter(Boolean)
    .map((line) => `  ${line}`);
  // Started as root, nginx's workers take another user; Debian's `nobody` has no group of that name.
  const user = process.getuid?.() === 0 ? 'user www-data;\n' : '';
  const conf = `${user}worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
${temp.join('\n')}
  access_log ${accessLog};
${mirrored.join('\n')}
  server {
    listen 127.0.0.1:${port};
    location = /tour {
      alias ${file};
      default_type ${quoted(headers['content-type'] ?? 'text/html')};
${passOn.join('\n')}
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 2] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/tour`;
  const pid = child.pid;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) break;
    const answer = await getRaw(url).catch(() => null);
    if (answer?.status === 200) return { url, pid, stop };
  }
  const errors = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-500) : '';
  await stop();
  throw new Error(`the static nginx on port ${port} did not serve the file: ${errors}`);
}

/**
 * The page at `url` through the cluster's nginx (its cache) against the same bytes from a static
 * nginx, asked with `headers` by the same client, in `rounds` alternating rounds.
 */
async function cachedAgainstStatic(cluster, settings, url, headers, rounds, label) {
  await getRaw(url, headers);
  const sample = await getRaw(url, headers);
  if (sample.status !== 200) return { error: `the tour page answered ${sample.status} through nginx` };
  const cacheHeader = headerMatching(sample.headers, CACHE_HEADER);
  const clusterConfig = cluster.nginx.configFile ? fs.readFileSync(cluster.nginx.configFile, 'utf8') : '';
  const server = await startStaticNginx({ port: settings.staticPort, body: sample.body, headers: sample.headers, clusterConfig });
  try {
    const check = await getRaw(server.url, headers);
    const sameBytes = check.body.equals(sample.body) && check.headers['content-encoding'] === sample.headers['content-encoding'];
    const nginxPids = nginxMasters(cluster.dir);
    const totals = { edge: { rps: 0, requests: 0, portalCpuMs: 0, nginxCpuMs: 0 }, static: { rps: 0, requests: 0, portalCpuMs: 0, nginxCpuMs: 0 } };
    const list = [];
    for (let index = 0; index < rounds; index += 1) {
      // Each round the other side goes first, so neither always meets the warmer machine.
      const order = index % 2 === 0 ? ['edge', 'static'] : ['static', 'edge'];
      const entry = {};
      for (const side of order) {
        const target = side === 'edge' ? url : server.url;
        const nginxCpu = () => (side === 'edge' ? nginxPids.reduce((sum, pid) => sum + processTreeUsage(pid).cpuMs, 0) : processTreeUsage(server.pid).cpuMs);
        await runLoad({ url: target, headers, seconds: 0.5, connections: settings.connections });
        const before = cpuSnapshot(cluster, nginxPids);
        const nginxBefore = nginxCpu();
        const result = await runLoad({ url: target, headers, seconds: settings.ratioSeconds, connections: settings.connections });
        const after = cpuSnapshot(cluster, nginxPids);
        totals[side].nginxCpuMs += nginxCpu() - nginxBefore;
        totals[side].rps += result.rps;
        totals[side].requests += result.requests;
        totals[side].portalCpuMs += after.portals.reduce((a, b) => a + b, 0) - before.portals.reduce((a, b) => a + b, 0);
        entry[side] = { rps: result.rps, p99: result.p99, statuses: result.statuses, errors: result.errors };
      }
      list.push({ edgeRps: entry.edge.rps, staticRps: entry.static.rps, ratio: ratio(entry.edge.rps, entry.static.rps), edge: entry.edge, static: entry.static });
      log(`${label}, round ${index + 1}: ${entry.edge.rps} vs ${entry.static.rps} req/s`);
    }
    const perRequest = (side, key) => round(totals[side][key] / Math.max(1, totals[side].requests), 3);
    const portalCpuMsPerRequest = perRequest('edge', 'portalCpuMs');
    return {
      acceptEncoding: headers['accept-encoding'] ?? null,
      bytes: sample.body.length,
      contentEncoding: sample.headers['content-encoding'] ?? null,
      cacheControl: sample.headers['cache-control'] ?? null,
      cacheHeader,
      staticSameBytes: sameBytes,
      // The portals' CPU per request while the cached page was loaded: near zero when nginx answered.
      portalCpuMsPerRequest,
      // nginx's CPU per request (all its workers): what a cached answer costs it beside a file.
      nginxCpuMsPerRequest: { cached: perRequest('edge', 'nginxCpuMs'), static: perRequest('static', 'nginxCpuMs') },
      servedFromCache: cacheHeader ? /HIT/i.test(cacheHeader.value) : portalCpuMsPerRequest < CACHED_CPU_MS_PER_REQUEST,
      rounds: list,
      edgeRps: round(totals.edge.rps / list.length, 1),
      staticRps: round(totals.static.rps / list.length, 1),
      ratio: ratio(totals.edge.rps, totals.static.rps),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The check's comparison, asked as a browser asks (`Accept-Encoding: gzip, deflate, br`), and for
 * diagnosis the same without compression (`identity`, a third of the rounds, at least 2): when
 * the first is far below the second, the cost is compressing each cached answer again.
 */
async function edgeCachedTourVsStatic(cluster, settings, tourPath) {
  const url = `${cluster.url}${tourPath}`;
  const asked = await cachedAgainstStatic(cluster, settings, url, { 'accept-encoding': settings.acceptEncoding }, settings.ratioRounds, 'cached tour vs static');
  if (asked.error) return asked;
  const identity = await cachedAgainstStatic(cluster, settings, url, {}, Math.max(2, Math.round(settings.ratioRounds / 3)), 'cached tour vs static, identity').catch((error) => ({ error: error.message }));
  const { rounds: _rounds, ...identitySummary } = identity;
  return { path: tourPath, ...asked, identity: identitySummary };
}

// ---------------------------------------------------------------------------------------------
// Target 2: two portals behind nginx (cache off) against one

async function twoPortalsVsOne(cluster, settings, tourPath) {
  const url = `${cluster.url}${tourPath}`;
  const headers = { 'accept-encoding': settings.acceptEncoding };
  const sample = await getRaw(url, headers);
  if (sample.status !== 200) return { error: `the tour page answered ${sample.status} through nginx` };
  const second = cluster.portals[1];
  let secondUp = true;
  const phase = async (label) => {
    // The warm-up also lets nginx notice a stopped portal (its first connection refused).
    await runLoad({ url, headers, seconds: settings.warmupSeconds, connections: settings.connections });
    const nginxPids = nginxMasters(cluster.dir);
    const before = cpuSnapshot(cluster, nginxPids);
    const result = await runLoad({ url, headers, seconds: settings.scaleSeconds, connections: settings.connections });
    const cores = coresUsed(before, cpuSnapshot(cluster, nginxPids));
    log(`${label}: ${result.rps} req/s, p99 ${result.p99} ms, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}, cores ${JSON.stringify(cores)}`);
    return { rps: result.rps, p50: result.p50, p99: result.p99, statuses: result.statuses, errors: result.errors, cores };
  };
  const rounds = [];
  try {
    for (let index = 0; index < SCALE_ROUNDS; index += 1) {
      // Alternating which goes first: two, one | one, two | two, one — one stop or start per switch.
      const order = index % 2 === 0 ? ['two', 'one'] : ['one', 'two'];
      const entry = {};
      for (const side of order) {
        if (side === 'one' && secondUp) {
          await second.stop();
          secondUp = false;
        }
        if (side === 'two' && !secondUp) {
          await second.start();
          secondUp = true;
        }
        entry[side] = await phase(`round ${index + 1}, ${side === 'two' ? 'two portals' : 'one portal'}`);
      }
      rounds.push({ twoRps: entry.two.rps, oneRps: entry.one.rps, ratio: ratio(entry.two.rps, entry.one.rps), two: entry.two, one: entry.one });
    }
  } finally {
    if (!secondUp) await second.start();
  }
  const sum = (key) => rounds.reduce((total, entry) => total + entry[key], 0);
  const twoCores = sumCores(rounds.map((entry) => entry.two.cores));
  const oneCores = sumCores(rounds.map((entry) => entry.one.cores));
  const cpus = os.cpus().length;
  return {
    path: tourPath,
    acceptEncoding: settings.acceptEncoding,
    connections: settings.connections,
    rounds,
    twoRps: round(sum('twoRps') / rounds.length, 1),
    oneRps: round(sum('oneRps') / rounds.length, 1),
    ratio: ratio(sum('twoRps'), sum('oneRps')),
    cores: { machine: cpus, twoPortals: twoCores, onePortal: oneCores },
    limits:
      `${cpus} cores: with two portals they used ${twoCores.portals} cores, nginx ${twoCores.nginx}, the load generator ${twoCores.loadGenerator}, ` +
      `other work ${twoCores.other}, ${twoCores.idle} idle; with one portal it used ${oneCores.portals} (nginx ${oneCores.nginx}, generator ${oneCores.loadGenerator}, ` +
      `other ${oneCores.other}, idle ${oneCores.idle})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Target 3: mixed load with one portal killed and restarted

function dubaiDate(days) {
  return new Date(Date.now() + DUBAI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** `bench/fund-agencies.ts` on the cluster's PostgreSQL, so balance bookings are never refused for money. */
function fundAgencies(databaseUrl, amountAed) {
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, '--conditions=react-server', 'bench/fund-agencies.ts', String(amountAed), ...BOOKING_AGENTS], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: undefined },
      stdio: ['ignore', 2, 2],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/fund-agencies.ts exited with ${code}`))));
  });
}

/** What the database holds that the run may change: every slot's stock and the booking agencies' balances. */
async function snapshot(sql, agencyIds) {
  const [{ now }] = await sql`select now() as now`;
  const slots = await sql`select id, "left", left_adults, left_children from availability_slots`;
  const agencies = await sql`select id, balance_minor from agencies where id = any(${agencyIds}::uuid[])`;
  return { now, slots: new Map(slots.map((slot) => [slot.id, slot])), balances: new Map(agencies.map((agency) => [agency.id, agency.balance_minor])) };
}

/**
 * Bookings against the answers the clients got, stock against the bookings, and the ledger against
 * both: every booking a client was told about is in the database once, no key booked twice, no
 * booking nobody asked for; each slot lost exactly the tickets its new bookings took; each agency's
 * new ledger entries form one chain from its balance before to its balance after, one debit per
 * balance booking for exactly what it paid.
 */
async function verifyConsistency(sql, before, attempts) {
  const rows = await sql`
    select id, agency_id, idempotency_key, reference, slot_id, adults, children, infants, holds_stock, payment_method, paid_minor, status
    from bookings where created_at >= ${before.now}`;
  const byKey = new Map();
  for (const row of rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row]);
  const sent = new Map(attempts.map((attempt) => [attempt.key, attempt]));
  const confirmed = attempts.filter((attempt) => attempt.outcome === 'booked');
  const lost = confirmed.filter((attempt) => !byKey.has(attempt.key) || byKey.get(attempt.key)[0].reference !== attempt.reference);
  const duplicated = [...byKey.values()].filter((list) => list.length > 1);
  const unasked = rows.filter((row) => !sent.has(row.idempotency_key));
  const unconfirmedBooked = attempts.filter((attempt) => attempt.outcome !== 'booked' && byKey.has(attempt.key));
  const statuses = {};
  for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;

  // Stock: the clients book adults only, so a slot's `left` (and `left_adults` when kept per type)
  // drops by exactly the adults and children of its new bookings holding stock.
  const taken = new Map();
  for (const row of rows) if (row.holds_stock && row.slot_id) taken.set(row.slot_id, (taken.get(row.slot_id) ?? 0) + row.adults + row.children);
  const after = await snapshot(sql, [...before.balances.keys()]);
  const stockMismatches = [];
  for (const [id, old] of before.slots) {
    const now = after.slots.get(id);
    const expected = taken.get(id) ?? 0;
    const leftDrop = old.left - now.left;
    const adultsDrop = old.left_adults === null ? null : old.left_adults - now.left_adults;
    if (leftDrop !== expected || (adultsDrop !== null && adultsDrop !== expected)) stockMismatches.push({ slot: id, leftDrop, adultsDrop, booked: expected });
  }

  // Ledger: walk each agency's new entries from its balance before; each step must be unique.
  const entries = await sql`
    select id, agency_id, booking_id, kind, debit_minor, credit_minor, balance_after_minor
    from ledger_entries where created_at >= ${before.now} and agency_id = any(${[...before.balances.keys()]}::uuid[])`;
  const ledgerProblems = [];
  for (const [agencyId, startBalance] of before.balances) {
    const own = entries.filter((entry) => entry.agency_id === agencyId);
    const problem = ledgerChainProblem(startBalance, after.balances.get(agencyId), own);
    if (problem) ledgerProblems.push({ agencyId, problem });
  }
  const debits = new Map();
  for (const entry of entries) if (entry.kind === 'booking') debits.set(entry.booking_id, [...(debits.get(entry.booking_id) ?? []), entry]);
  for (const row of rows) {
    const own = debits.get(row.id) ?? [];
    const paid = row.payment_method === 'balance' ? row.paid_minor : 0;
    const debited = own.reduce((sum, entry) => sum + entry.debit_minor, 0);
    if ((paid > 0 && own.length !== 1) || debited !== paid) ledgerProblems.push({ booking: row.reference, problem: `paid ${paid}, ${own.length} ledger debits of ${debited}` });
  }
  const rowIds = new Set(rows.map((row) => row.id));
  for (const [bookingId, own] of debits) if (!rowIds.has(bookingId)) ledgerProblems.push({ booking: bookingId, problem: `${own.length} debits of a booking not made by this run` });

  return {
    bookingRows: rows.length,
    statuses,
    confirmed: confirmed.length,
    lost: lost.length,
    duplicated: duplicated.length,
    unasked: unasked.length,
    // A client that never got an answer (the kill, then retries exhausted) may still have booked: that booking is not lost.
    unconfirmedButBooked: unconfirmedBooked.length,
    examples: {
      lost: lost.slice(0, 3).map((attempt) => attempt.key),
      duplicated: duplicated.slice(0, 3).map((list) => list[0].idempotency_key),
      unasked: unasked.slice(0, 3).map((row) => row.reference),
    },
    stock: { slotsChecked: before.slots.size, slotsBooked: taken.size, mismatches: stockMismatches.length, examples: stockMismatches.slice(0, 3) },
    ledger: { entries: entries.length, problems: ledgerProblems.length, examples: ledgerProblems.slice(0, 3) },
  };
}

function latencySummary(records) {
  const latencies = records.filter((record) => !record.failed).map((record) => record.end - record.start);
  return { requests: records.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: records.filter((record) => record.failed).length };
}

async function killDuringMixedLoad(cluster, settings, tourPath) {
  const headers = { 'accept-encoding': settings.acceptEncoding };
  log(`signing in ${BOOKING_AGENTS.length} agents through nginx`);
  const cookies = [];
  for (const email of BOOKING_AGENTS) cookies.push(await signIn(cluster.url, { email, password: PASSWORD }));
  // Seniors and admins pay from the balance (juniors may not see it), so the ledger moves too.
  const bookingCookies = cookies.filter((_, index) => !BOOKING_AGENTS[index].startsWith('junior@'));

  const sitemap = await getRaw(`${cluster.url}/sitemap.xml`);
  const tourPaths = [...new Set([...sitemap.body.toString('utf8').matchAll(/<loc>[^<]*(\/tour\/[^/<?#]+)<\/loc>/g)].map((match) => match[1]))].slice(0, 5);
  const publicPaths = [];
  for (const candidate of ['/', tourPath, ...tourPaths, '/city/dubai', '/uae', '/terms-of-use']) {
    if (publicPaths.includes(candidate)) continue;
    if ((await getRaw(`${cluster.url}${candidate}`, headers)).status === 200) publicPaths.push(candidate);
  }
  const catalogue = await discoverSlots(cluster.url, cookies[0]);
  if (catalogue.offers.length === 0) return { error: 'no live offer found on the tour pages' };
  const from = dubaiDate(7);
  const to = dubaiDate(37);
  const availabilityUrls = catalogue.offers.map((id) => `${cluster.url}/api/v1/b2b/availability/ByOffer?id=${id}&from=${from}&to=${to}`);
  const nextSlot = slotPicker(catalogue.slots);
  log(`mixed load over ${publicPaths.length} public pages, ${catalogue.offers.length} offers, ${catalogue.slots.length} slots`);

  const sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    log(`crediting each booking agency AED ${settings.agencyFundsAed}`);
    await fundAgencies(cluster.databaseUrl, settings.agencyFundsAed);
    const agencyIds = (await sql`select distinct agency_id from users where email = any(${BOOKING_AGENTS})`).map((row) => row.agency_id);
    const before = await snapshot(sql, agencyIds);

    const records = [];
    const probes = [];
    const attempts = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: settings.killConnections });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: PROBE_CLIENTS });
    const [survivor, victim] = cluster.portals;
    // The probe asks the survivor as nginx does: without Accept-Encoding when nginx compresses itself.
    const clusterConfig = cluster.nginx.configFile ? fs.readFileSync(cluster.nginx.configFile, 'utf8') : '';
    const probeHeaders = /proxy_set_header\s+Accept-Encoding\s+""/i.test(clusterConfig) ? {} : headers;
    const events = { killAt: null, restartedAt: null, restartError: null };
    let publicIndex = 0;
    let availabilityIndex = 0;
    const record = (kind, answer, extra = {}) => {
      const upstream = headerMatching(answer.headers, UPSTREAM_HEADER)?.value ?? null;
      const entry = { kind, start: answer.start, end: answer.end, status: answer.status ?? null, error: answer.error ?? null, failed: answer.error !== undefined || answer.status >= 500, upstream, ...extra };
      records.push(entry);
      return entry.failed;
    };
    const book = async (client) => {
      const slot = nextSlot();
      if (!slot) return;
      const key = randomUUID();
      const attempt = { key, outcome: 'unresolved', reference: null, tries: 0 };
      attempts.push(attempt);
      const body = JSON.stringify({ offerId: slot.offerId, date: slot.date, time: slot.time, adults: slot.adults, children: 0, infants: 0, ...GUEST, paymentMethod: 'balance' });
      const bookingHeaders = { cookie: bookingCookies[client % bookingCookies.length], 'content-type': 'application/json', 'idempotency-key': key };
      /** One try with the attempt's key; true when it got an answer (not a network error or a 5xx). */
      attempt.ask = async (through, kind) => {
        attempt.tries += 1;
        const answer = await call(`${cluster.url}/api/v1/b2b/bookings`, { method: 'POST', headers: bookingHeaders, body, agent: through, keepBody: true });
        // "Still being processed" (the key's first request has not answered): the client is told to
        // try again in a moment, so it does; it counts as a failed answer, since it is no answer.
        const inProgress = answer.status === 409 && /still being processed|in progress/i.test(answer.body ?? '');
        if (record(kind, answer, { key, ...(inProgress ? { failed: true, inProgress: true } : {}) })) return false;
        if (answer.status === 201 || answer.status === 200) {
          attempt.outcome = 'booked';
          attempt.replayed = answer.status === 200;
          attempt.reference = JSON.parse(answer.body).reference;
        } else {
          attempt.outcome = `refused ${answer.status}`;
          attempt.refusal = answer.body?.slice(0, 160);
        }
        return true;
      };
      for (let retry = 0; retry <= BOOKING_RETRIES; retry += 1) {
        if (await attempt.ask(agent, retry === 0 ? 'booking' : 'bookingRetry')) return;
        await sleep(RETRY_PAUSE_MS);
      }
    };
    const task = async (client) => {
      const draw = Math.random();
      if (draw < 0.7) {
        const answer = await call(`${cluster.url}${publicPaths[publicIndex++ % publicPaths.length]}`, { headers, agent });
        record('public', answer, { cache: headerMatching(answer.headers, CACHE_HEADER)?.value ?? null });
      } else if (draw < 0.9) {
        const answer = await call(availabilityUrls[availabilityIndex++ % availabilityUrls.length], { headers: { cookie: cookies[client % cookies.length] }, agent });
        record('availability', answer);
      } else {
        await book(client);
      }
    };

    const startedAt = performance.now();
    const deadline = startedAt + settings.killSeconds * 1000;
    const client = async (index) => {
      while (performance.now() < deadline) await task(index);
    };
    const probe = async (index) => {
      let next = index;
      while (performance.now() < deadline) {
        const answer = await call(`${survivor.url}${publicPaths[next++ % publicPaths.length]}`, { headers: probeHeaders, agent: probeAgent });
        probes.push({ start: answer.start, end: answer.end, status: answer.status ?? null, error: answer.error ?? null, failed: answer.error !== undefined || answer.status >= 500 });
      }
    };
    const killer = async () => {
      await sleep(settings.killSeconds * 500);
      log(`kill -9 of the portal at ${victim.url} (pid ${victim.pid})`);
      events.killAt = performance.now();
      // Resolves once the process group is gone, so the restart below starts a new one.
      await victim.kill('SIGKILL');
      try {
        await victim.start();
        events.restartedAt = performance.now();
        log(`restarted and ready after ${round((events.restartedAt - events.killAt) / 1000, 1)} s`);
      } catch (error) {
        events.restartError = error.message;
        log('restart failed:', error.message);
      }
    };
    log(`mixed load: ${settings.killConnections} clients for ${settings.killSeconds} s (+ ${PROBE_CLIENTS} on the survivor), one portal killed at the middle`);
    await Promise.all([
      ...Array.from({ length: settings.killConnections }, (_, index) => client(index)),
      ...Array.from({ length: PROBE_CLIENTS }, (_, index) => probe(index)),
      killer(),
    ]);
    const elapsed = (performance.now() - startedAt) / 1000;
    agent.destroy();
    probeAgent.destroy();

    // A client that got no answer for its booking asks again with the same key once the cluster is
    // whole: the answer (201, or 200 for a replay) says whether the first attempt booked.
    const resolveAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const attempt of attempts.filter((entry) => entry.outcome === 'unresolved')) {
      log(`booking ${attempt.key} unresolved after ${attempt.tries} tries: asking once more`);
      await attempt.ask(resolveAgent, 'bookingAfterLoad');
    }
    resolveAgent.destroy();

    const consistency = await verifyConsistency(sql, before, attempts);
    const killAt = events.killAt;
    const eventEnd = (events.restartedAt ?? deadline) + EVENT_TAIL_MS;
    const failures = records.filter((entry) => entry.failed);
    const { metKill, unexpected } = classifyFailures(records, killAt);
    const killedAttempts = attempts.filter((attempt) => metKill.has(attempt.key));
    const resolvedAt = (key) => Math.max(...records.filter((entry) => entry.key === key && !entry.failed).map((entry) => entry.end));
    const byKind = (list) => {
      const counts = {};
      for (const entry of list) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
      return counts;
    };
    const during = (entry) => killAt !== null && entry.start >= killAt && entry.start <= eventEnd;
    const beforeKill = (entry) => killAt !== null && entry.end < killAt;
    const publicRecords = records.filter((entry) => entry.kind === 'public');
    const upstreams = {};
    for (const entry of publicRecords.filter(during)) if (entry.upstream) (upstreams[entry.upstream] ??= []).push(entry);
    const outcomes = {};
    for (const attempt of attempts) outcomes[attempt.outcome] = (outcomes[attempt.outcome] ?? 0) + 1;
    const refusals = attempts.filter((attempt) => attempt.outcome.startsWith('refused')).slice(0, 3).map((attempt) => attempt.refusal);
    const relative = (at) => (at === null ? null : round((at - startedAt) / 1000, 2));
    return {
      seconds: round(elapsed, 1),
      connections: settings.killConnections,
      mix: { public: 0.7, availability: 0.2, bookings: 0.1 },
      publicPaths,
      requests: { total: records.length, perSecond: round(records.length / elapsed, 1), byKind: byKind(records) },
      kill: { at: relative(killAt), restartedAt: relative(events.restartedAt), restartSeconds: killAt && events.restartedAt ? round((events.restartedAt - killAt) / 1000, 1) : null, restartError: events.restartError, eventEndsAt: relative(eventEnd) },
      errors: {
        total: failures.length,
        inFlightAtKill: failures.filter((entry) => inFlightAtKill(entry, killAt)).length,
        // Answers to the retries of bookings that met the kill: "still being processed" until the
        // portal takes the dead claim over, 5xx while nginx still tries the dead portal.
        retriesOfKilledBookings: failures.filter((entry) => !inFlightAtKill(entry, killAt) && metKill.has(entry.key)).length,
        inProgressAnswers: failures.filter((entry) => entry.inProgress).length,
        outsideKill: unexpected.length,
        outsideKillByKind: byKind(unexpected),
        examples: unexpected.slice(0, 5).map((entry) => ({ kind: entry.kind, at: relative(entry.start), status: entry.status, error: entry.error })),
      },
      bookings: {
        attempts: attempts.length,
        outcomes,
        refusals,
        retried: attempts.filter((attempt) => attempt.tries > 1).length,
        metKill: killedAttempts.length,
        // How long after the kill the last booking that met it got its answer (201, or 200 replayed).
        killedResolvedAfterSeconds: killedAttempts.length > 0 && killedAttempts.every((attempt) => attempt.outcome === 'booked') ? round((Math.max(...killedAttempts.map((attempt) => resolvedAt(attempt.key))) - killAt) / 1000, 1) : null,
      },
      consistency,
      survivor: {
        url: survivor.url,
        acceptEncoding: probeHeaders['accept-encoding'] ?? null,
        clients: PROBE_CLIENTS,
        beforeKill: latencySummary(probes.filter(beforeKill)),
        duringEvent: latencySummary(probes.filter(during)),
        afterEvent: latencySummary(probes.filter((entry) => killAt !== null && entry.start > eventEnd)),
      },
      throughNginx: {
        availabilityBeforeKill: latencySummary(records.filter((entry) => entry.kind === 'availability' && beforeKill(entry))),
        bookingsBeforeKill: latencySummary(records.filter((entry) => entry.kind === 'booking' && beforeKill(entry))),
        publicBeforeKill: latencySummary(publicRecords.filter(beforeKill)),
        publicDuringEvent: latencySummary(publicRecords.filter(during)),
        availabilityDuringEvent: latencySummary(records.filter((entry) => entry.kind === 'availability' && during(entry))),
        bookingsDuringEvent: latencySummary(records.filter((entry) => entry.kind === 'booking' && during(entry))),
        cacheStatuses: publicRecords.reduce((counts, entry) => ({ ...counts, [entry.cache ?? 'none']: (counts[entry.cache ?? 'none'] ?? 0) + 1 }), {}),
        publicDuringEventByUpstream: Object.fromEntries(Object.entries(upstreams).map(([upstream, list]) => [upstream, latencySummary(list)])),
      },
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------------------------

async function chooseTour(baseUrl, settings) {
  if (settings.tour) return `/tour/${encodeURIComponent(settings.tour)}`;
  const sitemap = await getRaw(`${baseUrl}/sitemap.xml`).catch(() => null);
  const slug = sitemap?.status === 200 ? sitemap.body.toString('utf8').match(/<loc>[^<]*\/tour\/([^/<?#]+)<\/loc>/)?.[1] : null;
  return `/tour/${slug ?? DEFAULT_TOUR}`;
}

/** Starts the topology for one part, runs it, always stops it; a failure becomes `{ error }`. */
async function withCluster(startCluster, options, run) {
  let cluster = null;
  try {
    cluster = await startCluster({ log: false, redis: true, portals: 2, ...options });
    return await run(cluster);
  } catch (error) {
    log('failed:', error.stack ?? error.message);
    return { error: error.message };
  } finally {
    if (cluster) await cluster.stop().catch((error) => log('stopping the cluster failed:', error.message));
  }
}

/**
 * The three targets, each on a fresh cluster of the build in .next: the scaling on one without
 * nginx's cache, the cached page and the kill on one with it (as deployed).
 */
export async function measureCluster(settings = clusterSettings()) {
  const startedAt = Date.now();
  const loadAverageAtStart = round(os.loadavg()[0]);
  let startCluster;
  try {
    ({ startCluster } = await import('../scripts/cluster.mjs'));
  } catch (error) {
    const result = { error: `scripts/cluster.mjs could not be loaded: ${error.message}` };
    return { ...result, checks: clusterChecks(result) };
  }
  const env = {
    // The load measures the portal, not its rate limits (docs/api-access.md).
    API_RATE_LIMIT_PER_KEY: process.env.API_RATE_LIMIT_PER_KEY ?? '1000000',
    API_RATE_LIMIT_PER_AGENCY: process.env.API_RATE_LIMIT_PER_AGENCY ?? '1000000',
  };
  const common = { basePort: settings.basePort, env };
  log(`two portals against one, nginx's cache off (cluster on port ${settings.basePort})`);
  const twoPortals = await withCluster(startCluster, { ...common, nginxCache: false }, async (cluster) =>
    twoPortalsVsOne(cluster, settings, await chooseTour(cluster.url, settings)),
  );
  let edge = null;
  log(`the cached tour page against a static file, then the kill under mixed load, nginx's cache on`);
  const kill = await withCluster(startCluster, { ...common, nginxCache: true }, async (cluster) => {
    const tourPath = await chooseTour(cluster.url, settings);
    edge = await edgeCachedTourVsStatic(cluster, settings, tourPath).catch((error) => ({ error: error.message }));
    log(`cached tour vs static: ${edge.ratio ?? edge.error}`);
    return killDuringMixedLoad(cluster, settings, tourPath);
  });
  const result = {
    loadAverageAtStart,
    loadAverageAtEnd: round(os.loadavg()[0]),
    durationSeconds: round((Date.now() - startedAt) / 1000, 1),
    settings,
    edgeCachedTourVsStatic: edge ?? kill,
    twoPortalsVsOne: twoPortals,
    killDuringMixedLoad: kill,
  };
  return { ...result, checks: clusterChecks(result) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const summary = await measureCluster();
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
}
