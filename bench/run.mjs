// `npm run bench`: throughput and latency of the public pages (anonymous and signed-in) against
// two floors, first-load JavaScript per public route, the booking workload against the database's
// raw insert rate, and Lighthouse on the tour page.
// Builds for benchmarks (the test build, which has the framework floor page; BENCH_REUSE_BUILD=1
// keeps an existing one), runs against its `next start`; prints one JSON summary on stdout and
// appends its headline to bench/history.jsonl.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { builtKind, buildNext, TEST_BUILD_ENV } from '../scripts/build-kind.mjs';
import { measureBackOffice } from './back-office.mjs';
import { measureSearch } from './search.mjs';
import { clusterSettings, measureCluster } from './cluster.mjs';
import { measureTelemetry, telemetrySettings } from './telemetry.mjs';
import { signIn } from './lib/auth.mjs';
import { BOOKING_AGENTS, discoverSlots, PAYMENT_METHODS, runApiKeyLoad, runAvailabilityLoad, runBookingLoad, runCardCheckoutLoad, runOctoLoad } from './lib/booking-load.mjs';
import { halfBudgets, refusalCounts } from './lib/booking-outcomes.mjs';
import { startFloorServer } from './lib/floor-server.mjs';
import { measureInsertFloor } from './lib/insert-floor.mjs';
import { appendHistory, gitRevision, historyEntry } from './lib/history.mjs';
import { firstLoadJs } from './lib/js-size.mjs';
import { LIGHTHOUSE_TARGETS, runLighthouseMedian } from './lib/lighthouse.mjs';
import { getRaw, round, runLoad } from './lib/load.mjs';
import { processTreeUsage } from './lib/process-tree.mjs';
import { measureTelemetryCollector, telemetryCollectorCheck } from './telemetry-collector.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results', 'latest.json');
/** One line per run, committed: the bench's own record of how the numbers moved (bench/lib/history.mjs). */
const HISTORY = path.join(ROOT, 'bench', 'history.jsonl');
/** BENCH_PORT moves the three, so a second checkout can run its bench beside another one. */
const BASE_PORT = Math.round(Number(process.env.BENCH_PORT) || 3300);
const PORTS = { app: BASE_PORT, floor: BASE_PORT + 1, chrome: BASE_PORT + 2 };
const HEALTH_TIMEOUT_MS = 180_000;
const AGENT = { email: 'senior@desertrose.test', password: 'Traveldesk!2026' };
const FRAMEWORK_FLOOR_PATH = '/bench-floor';
const FRAMEWORK_FLOOR_MARKER = 'data-bench-floor';
const DEFAULT_TOUR = 'burj-khalifa-at-the-top';

const log = (...args) => console.error('[bench]', ...args);

function number(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (Number.isFinite(parsed) && parsed > 0) return parsed;
  console.error(`${name} must be a positive number, not "${value}"`);
  process.exit(1);
}

function paymentMethod() {
  const value = process.env.BENCH_BOOKING_PAYMENT || 'cash';
  if (PAYMENT_METHODS.includes(value)) return value;
  console.error(`BENCH_BOOKING_PAYMENT must be one of ${PAYMENT_METHODS.join(', ')}, not "${value}"`);
  process.exit(1);
}

const seconds = number('BENCH_SECONDS', 10);
const bookingSeconds = number('BENCH_BOOKING_SECONDS', seconds);
/**
 * The PostgreSQL the portal runs on, for the insert floor. The portal this run starts uses
 * BENCH_DATABASE_URL, never a DATABASE_URL left in the shell (the run writes bookings); a portal
 * at BENCH_URL is taken to use BENCH_DATABASE_URL, else DATABASE_URL. Kept out of `config`, which
 * is printed, because the URL may carry a password.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL || (process.env.BENCH_URL ? process.env.DATABASE_URL : undefined) || undefined;
const config = {
  url: (process.env.BENCH_URL ?? `http://127.0.0.1:${PORTS.app}`).replace(/\/$/, ''),
  startsApp: !process.env.BENCH_URL,
  seconds,
  floorSeconds: number('BENCH_FLOOR_SECONDS', Math.max(2, seconds / 2)),
  warmupSeconds: number('BENCH_WARMUP_SECONDS', 2),
  // Many short alternating rounds: this machine's speed drifts by a third within seconds, and a
  // drift cancels out only when it falls on both pages alike (3 rounds of 5 s gave 0.54 to 0.84
  // in one run; 15 rounds of 2 s, 0.76 twice in a row).
  ratioRounds: Math.max(1, Math.round(number('BENCH_RATIO_ROUNDS', 15))),
  ratioSeconds: number('BENCH_RATIO_SECONDS', 2),
  ratioWarmupSeconds: 0.5,
  lighthouseRuns: Math.max(1, Math.round(number('BENCH_LIGHTHOUSE_RUNS', 5))),
  connections: Math.round(number('BENCH_CONNECTIONS', 10)),
  acceptEncoding: 'identity (no compression during load)',
  agent: AGENT.email,
  tour: null,
  tourFrom: null,
  city: process.env.BENCH_CITY || 'dubai',
  lighthouse: process.env.BENCH_SKIP_LIGHTHOUSE !== '1',
  bookings: process.env.BENCH_SKIP_BOOKINGS !== '1',
  widgets: process.env.BENCH_SKIP_WIDGETS !== '1',
  telemetryCollector: process.env.BENCH_SKIP_TELEMETRY_COLLECTOR !== '1',
  telemetryRate: Math.round(number('BENCH_TELEMETRY_RATE', 500)),
  telemetrySeconds: number('BENCH_TELEMETRY_SECONDS', seconds),
  // Generates its own data set and starts its own portal, so only when this run starts portals.
  backOffice: process.env.BENCH_SKIP_BACK_OFFICE !== '1' && !process.env.BENCH_URL,
  suppliers: process.env.BENCH_SKIP_SUPPLIERS !== '1' && !process.env.BENCH_URL,
  // Generates 10,000 tours and starts its own portal on them (bench/search.mjs).
  search: process.env.BENCH_SKIP_SEARCH !== '1' && !process.env.BENCH_URL,
  // Starts its own topology (scripts/cluster.mjs): two portals, nginx, PostgreSQL and Redis.
  cluster: process.env.BENCH_SKIP_CLUSTER !== '1' && !process.env.BENCH_URL,
  // Starts two portals of its own (with and without an OTLP collector): bench/telemetry.mjs.
  telemetry: process.env.BENCH_SKIP_TELEMETRY !== '1' && !process.env.BENCH_URL,
  bookingSeconds,
  insertFloorSeconds: number('BENCH_INSERT_FLOOR_SECONDS', Math.max(2, bookingSeconds / 2)),
  bookingPayment: paymentMethod(),
  /** AED credited to each booking agency before the run (bench/fund-agencies.ts), so no booking is refused for money. */
  agencyFundsAed: Math.round(number('BENCH_AGENCY_FUNDS_AED', 5_000_000)),
  database: databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
};

/** Processes this run started, stopped on any exit path. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) await cleanups.pop()().catch((error) => log('clean-up failed:', error.message));
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`${url}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/**
 * Credits each booking agency `config.agencyFundsAed` through the ledger (bench/fund-agencies.ts),
 * on the database the portal uses: an embedded one before the portal opens it, PostgreSQL at any
 * time. A portal at BENCH_URL on an embedded database cannot be funded from here (its directory is
 * open in its own process): then the run says so, and any refusal still fails it.
 */
async function fundAgencies(env) {
  if (config.startsApp || databaseUrl) {
    const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const args = [tsx, '--conditions=react-server', 'bench/fund-agencies.ts', String(config.agencyFundsAed), ...BOOKING_AGENTS];
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/fund-agencies.ts exited with ${code}`))));
    });
    return { aedPerAgency: config.agencyFundsAed, agents: BOOKING_AGENTS.length };
  }
  log('warning: the agencies of a portal at BENCH_URL on an embedded database cannot be funded; refusals for money will fail the run');
  return { aedPerAgency: 0, note: 'not funded: BENCH_URL on an embedded database' };
}

/** How the booking agencies were funded before the run. */
let funding = null;

/**
 * Each booking agent's agency API key (bench/make-api-keys.ts: scopes catalogue, book and octo), made
 * like the funds before the portal opens an embedded database; null when they cannot be made.
 */
let apiKeys = null;

async function makeApiKeys(env) {
  if (!config.startsApp && !databaseUrl) return null;
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const args = [tsx, '--conditions=react-server', 'bench/make-api-keys.ts', ...BOOKING_AGENTS];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 2] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`bench/make-api-keys.ts exited with ${code}`))));
  });
}

/**
 * Live suppliers (bench/supplier-availability.ts): the short cache against our own availability, and
 * the tour page and picker while a local OCTO supplier answers in 5 s or not at all. It starts its
 * own portal on a fresh embedded database (the supplier must be in its process to be made slow),
 * on the app's port once the first portal has stopped; its summary is its results file.
 */
async function measureSuppliers() {
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const file = path.join(ROOT, 'bench', 'results', 'supplier-availability.json');
  fs.rmSync(file, { force: true });
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, '--conditions=react-server', 'bench/supplier-availability.ts'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_PORT: String(PORTS.app) },
      stdio: ['ignore', 'ignore', 2],
    });
    child.once('exit', resolve);
  });
  if (code !== 0 || !fs.existsSync(file)) return { error: `bench/supplier-availability.ts exited with ${code}` };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The portal this bench started (the root of its process tree), if it started one. */
let appPid = null;

/**
 * The build the bench measures: a production build made for tests and benchmarks, which also has
 * the framework floor (`/bench-floor`, a test-only route: scripts/build-kind.mjs). Built anew, so
 * the run measures the current code, unless BENCH_REUSE_BUILD=1 and .next holds one.
 */
function ensureBenchBuild() {
  if (process.env.BENCH_REUSE_BUILD === '1' && builtKind(ROOT) === 'test') return log('reusing the test build in .next (BENCH_REUSE_BUILD=1)');
  log('building for benchmarks (TRAVELDESK_TEST_BUILD=1 next build)');
  // The build's output goes to stderr with the progress: stdout carries only the summary.
  if (buildNext('test', { root: ROOT, stdio: ['ignore', 2, 2] }) !== 0) {
    console.error('The build failed: nothing measured.');
    process.exit(1);
  }
}

/** `node scripts/start.mjs` on a fresh embedded database, as `npm start` would run it, on the bench's build. */
async function startApp() {
  ensureBenchBuild();
  if (!(await portIsFree(PORTS.app))) throw new Error(`port ${PORTS.app} is in use`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-bench-'));
  const env = {
    ...process.env,
    PORT: String(PORTS.app),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATABASE_URL: databaseUrl,
    // The demo, on PostgreSQL too: the booking load needs the demo agencies and slots, and card
    // checkouts pay through the test gateway.
    DEMO: 'on',
    PAYMENTS_SANDBOX: 'on',
    // The load measures the API, not its rate limits (docs/api-access.md): ten clients on one key
    // pass the default 600 calls a minute in seconds.
    API_RATE_LIMIT_PER_KEY: process.env.API_RATE_LIMIT_PER_KEY ?? '1000000',
    API_RATE_LIMIT_PER_AGENCY: process.env.API_RATE_LIMIT_PER_AGENCY ?? '1000000',
    // The telemetry load is many browsers behind one address (the bench's): the collector's
    // limits per address and session are not what it measures.
    TELEMETRY_RATE_LIMIT_PER_ADDRESS: process.env.TELEMETRY_RATE_LIMIT_PER_ADDRESS ?? '1000000',
    TELEMETRY_RATE_LIMIT_PER_SESSION: process.env.TELEMETRY_RATE_LIMIT_PER_SESSION ?? '1000000',
    TEST_HOOKS: undefined,
    [TEST_BUILD_ENV]: '1',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (config.bookings) {
    try {
      funding = await fundAgencies(env);
      apiKeys = await makeApiKeys(env);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  // The portal's own output goes to stderr with the progress; stdout carries only the summary.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 2, 2] });
  appPid = child.pid;
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  log(`starting the portal on ${config.url} (${databaseUrl ? 'on PostgreSQL (BENCH_DATABASE_URL)' : `database in ${dataDir}`})`);
  await waitForHealth(config.url, child);
}

/** BENCH_TOUR, else the first tour in /sitemap.xml, else a seeded tour. */
async function chooseTour() {
  if (process.env.BENCH_TOUR) return { tour: process.env.BENCH_TOUR, from: 'BENCH_TOUR' };
  const sitemap = await getRaw(`${config.url}/sitemap.xml`).catch(() => null);
  const slug = sitemap?.status === 200 ? sitemap.body.toString('utf8').match(/<loc>[^<]*\/tour\/([^/<?#]+)<\/loc>/)?.[1] : null;
  if (slug) return { tour: decodeURIComponent(slug), from: 'sitemap.xml' };
  return { tour: DEFAULT_TOUR, from: `default (/sitemap.xml answered ${sitemap?.status ?? 'nothing'})` };
}

function describe(response) {
  return `status ${response.status}${response.headers.location ? ` → ${response.headers.location}` : ''}`;
}

function ratio(a, b) {
  return a && b ? round(a / b, 3) : null;
}

/** `{ value, target, pass }`; `pass` is null (not judged) when the inputs are not what they should be. */
function check(value, target, passes, problems = []) {
  const valid = problems.length === 0 && value !== null;
  return { value, target, pass: valid ? passes(value) : null, ...(valid ? {} : { note: problems.join('; ') || 'not measured' }) };
}

async function measure(name, url, headers, duration, { sample, warmupSeconds = config.warmupSeconds } = {}) {
  const result = await runLoad({ url, headers, seconds: duration, warmupSeconds, connections: config.connections, sample });
  log(`${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}`);
  return result;
}

/**
 * `{ rounds, tourRps, floorRps, ratio, serverCpu }`: the tour page and the framework floor measured
 * in turn, BENCH_RATIO_ROUNDS times for BENCH_RATIO_SECONDS each (after half a second's warm-up);
 * the ratio is of the summed rates. When the bench started the portal, `serverCpu` is a second
 * view of the same rounds: the portal's CPU milliseconds per request of each page, and their
 * ratio (floor / tour).
 */
async function alternatingRounds(tourUrl, floorUrl, { headers = {}, label = 'tour' } = {}) {
  const sample = appPid ? () => processTreeUsage(appPid).cpuMs : undefined;
  const phase = { sample, warmupSeconds: config.ratioWarmupSeconds };
  const rounds = [];
  const cpu = { tour: { ms: 0, requests: 0 }, floor: { ms: 0, requests: 0 } };
  for (let index = 1; index <= config.ratioRounds; index++) {
    const tour = await measure(`${label} vs floor, round ${index}: ${label}`, tourUrl, headers, config.ratioSeconds, phase);
    const floor = await measure(`${label} vs floor, round ${index}: framework floor`, floorUrl, {}, config.ratioSeconds, phase);
    rounds.push({ tourRps: tour.rps, floorRps: floor.rps, ratio: ratio(tour.rps, floor.rps) });
    for (const [page, result] of [['tour', tour], ['floor', floor]]) {
      cpu[page].ms += result.sampled ?? 0;
      cpu[page].requests += result.requests;
    }
  }
  const sum = (key) => rounds.reduce((total, entry) => total + entry[key], 0);
  const msPerRequest = (page) => cpu[page].ms / cpu[page].requests;
  return {
    rounds,
    tourRps: round(sum('tourRps') / rounds.length),
    floorRps: round(sum('floorRps') / rounds.length),
    ratio: ratio(sum('tourRps'), sum('floorRps')),
    serverCpu: sample
      ? {
          tourMsPerRequest: round(msPerRequest('tour'), 3),
          floorMsPerRequest: round(msPerRequest('floor'), 3),
          ratio: ratio(msPerRequest('floor'), msPerRequest('tour')),
        }
      : null,
  };
}

/**
 * The booking workload: the date picker's month query and bookings end to end, each with
 * `connections` closed-loop clients signed in as six agents of two agencies, then the raw insert
 * rate of the same kind of database with as many concurrent callers: the floor bookings sit on.
 */
async function measureBookings() {
  // The run's load average at the start is minutes old by now; other work may have come and gone.
  const loadAverageAtStart = round(os.loadavg()[0]);
  log(`signing in ${BOOKING_AGENTS.length} booking agents`);
  const cookies = [];
  for (const email of BOOKING_AGENTS) cookies.push(await signIn(config.url, { email, password: AGENT.password }));
  const agents = {
    signedIn: BOOKING_AGENTS,
    note: `${config.connections} clients share ${cookies.length} sessions round-robin (client i uses agent i mod ${cookies.length})`,
  };

  const catalogue = await discoverSlots(config.url, cookies[0]);
  const { tours, offers, slots, offerIdsFrom, offersNeedingHotel } = catalogue;
  log(`booking catalogue: ${offers.length} live offers, ${slots.length} bookable slots (${tours} tours, ids from ${offerIdsFrom.join(' + ')}; ${offersNeedingHotel} offers left out: they need a hotel pick-up chosen)`);
  if (offers.length === 0) return { loadAverageAtStart, agents, error: 'no live offer found on the tour pages' };
  const load = { cookies, seconds: config.bookingSeconds, warmupSeconds: config.warmupSeconds, connections: config.connections };

  const { availabilityMonth, signedInFloor, availabilityVsSignedInFloor } = await runAvailabilityLoad(config.url, { ...load, offers });
  for (const [label, { rps, p50, p99, statuses, errors }] of [['availability month', availabilityMonth], ['signed-in floor', signedInFloor]]) {
    log(`${label}: ${rps} req/s, p50 ${p50} ms, p99 ${p99} ms, statuses ${JSON.stringify(statuses)}, errors ${errors}`);
  }

  const booked = await runBookingLoad(config.url, { ...load, slots, paymentMethod: config.bookingPayment });
  log(`bookings: ${booked.perSecond}/s, p50 ${booked.p50} ms, p99 ${booked.p99} ms, statuses ${JSON.stringify(booked.statuses)}, errors ${booked.errors}`);
  if (Object.keys(booked.refusals).length > 0) log('refused bookings:', JSON.stringify(booked.refusals));

  // Card checkouts against balance bookings (their floor), measured alike: the same
  // agents (seniors and admins: juniors may not pay by card, it shows the net rate) on the same
  // slots, found again after the phase above and each given half of what it has left, so neither
  // path takes stock the other needed and neither meets a sold-out slot.
  const pairedSlots = halfBudgets((await discoverSlots(config.url, cookies[0])).slots);
  log(`balance vs card catalogue: ${pairedSlots.length} slots, each path booking up to half of what each has left`);
  const pairedCookies = cookies.filter((_, index) => !BOOKING_AGENTS[index].startsWith('junior@'));
  const pairedLoad = { ...load, cookies: pairedCookies, slots: pairedSlots };
  const balanceFloor = await runBookingLoad(config.url, { ...pairedLoad, paymentMethod: 'balance' });
  if (Object.keys(balanceFloor.refusals).length > 0) log('refused balance bookings:', JSON.stringify(balanceFloor.refusals));
  const cardCheckouts = await runCardCheckoutLoad(config.url, pairedLoad);
  log(`card checkouts: ${cardCheckouts.perSecond}/s, p50 ${cardCheckouts.p50} ms, p99 ${cardCheckouts.p99} ms, steps p50 ${JSON.stringify(cardCheckouts.stepP50)}, outcomes ${JSON.stringify(cardCheckouts.outcomes)} (balance bookings ${balanceFloor.perSecond}/s)`);
  const refused = refusalCounts(booked, balanceFloor, cardCheckouts);

  // The agencies' API: the same calls with each agent's agency key as with its cookie, on slots
  // found again (each given half of what it has left, so the two credentials book alike).
  let api = { skipped: true, note: 'no API keys: a portal at BENCH_URL on an embedded database' };
  if (apiKeys) {
    const apiSlots = halfBudgets((await discoverSlots(config.url, cookies[0])).slots);
    api = await runApiKeyLoad(config.url, { ...load, keys: BOOKING_AGENTS.map((email) => apiKeys[email]), offers, slots: apiSlots });
    for (const name of ['availabilityByCookie', 'availabilityByKey', 'bookingsByCookie', 'bookingsByKey']) {
      const { rps, p50, p99, statuses } = api[name];
      log(`API ${name}: ${rps}/s, p50 ${p50} ms, p99 ${p99} ms, statuses ${JSON.stringify(statuses)}`);
    }
  }

  // Our OCTO API for resellers with the same keys (they hold the `octo` scope): its 30-day calendar,
  // and reserve + confirm against the portal's own balance booking on slots found again.
  let octo = { skipped: true, note: 'no API keys: a portal at BENCH_URL on an embedded database' };
  if (apiKeys) {
    const octoSlots = halfBudgets((await discoverSlots(config.url, cookies[0])).slots);
    octo = await runOctoLoad(config.url, { ...load, cookies: pairedCookies, keys: BOOKING_AGENTS.filter((email) => !email.startsWith('junior@')).map((email) => apiKeys[email]), slots: octoSlots }).catch(
      (error) => ({ skipped: true, note: `OCTO load failed: ${error.message}` }),
    );
    for (const name of ['octoCalendar', 'portalBookings', 'octoBookings']) {
      if (octo.skipped) break;
      const { rps, p50, p99, statuses } = octo[name];
      log(`OCTO ${name}: ${rps}/s, p50 ${p50} ms, p99 ${p99} ms, statuses ${JSON.stringify(statuses)}`);
    }
  }

  // After the HTTP load, so the floor does not share the CPU with the portal.
  const insertFloor = await measureInsertFloor({ databaseUrl, seconds: config.insertFloorSeconds, callers: config.connections }).catch(
    (error) => ({ perSecond: null, error: error.message }),
  );
  log(`insert floor: ${insertFloor.perSecond ?? insertFloor.error} inserts/s (${insertFloor.database ?? config.database})`);

  return {
    loadAverageAtStart,
    agents,
    catalogue: { tours, liveOffers: offers.length, bookableSlots: slots.length, offerIdsFrom, offersNeedingHotel },
    availabilityMonth,
    signedInFloor,
    availabilityVsSignedInFloor,
    bookings: { ...booked, agents: cookies.length, connections: config.connections },
    insertFloor,
    bookingsVsInsertFloor: ratio(booked.perSecond, insertFloor.perSecond),
    funding,
    pairedSlots: pairedSlots.length,
    balanceBookings: balanceFloor,
    cardCheckouts,
    cardCheckoutsVsBalance: ratio(cardCheckouts.perSecond, balanceFloor.perSecond),
    api,
    octo,
    refused,
  };
}

// The demo widgets the seed makes (server/db/seed/widgets.ts): a site and an embed of Desert Rose.
const DEMO_WIDGET_DOMAIN = 'tours.desertrose.test';
const DEMO_EMBED_WIDGET_ID = '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001';
const DEMO_EMBED_DOMAIN = 'www.desertrose.test';

/**
 * A widget site's landing page served on its own domain (the Host header names it)
 * against the framework floor in alternating rounds, like the tour page; the embed loader's size;
 * the embedded ticket page's first-load JavaScript against the floor's.
 */
async function measureWidgets(floorJsBytes) {
  const headers = { host: `${DEMO_WIDGET_DOMAIN}:${PORTS.app}` };
  const landing = await getRaw(`${config.url}/`, headers);
  if (landing.status !== 200) return { error: `the demo widget site answered ${describe(landing)}` };
  const landingVsFloor = await alternatingRounds(`${config.url}/`, `${config.url}${FRAMEWORK_FLOOR_PATH}`, { headers, label: 'widget landing' });
  const loaderGzipBytes = gzipSync(fs.readFileSync(path.join(ROOT, 'public', 'embed.js')), { level: 9 }).length;
  const embedPath = `/embedded?widget=${DEMO_EMBED_WIDGET_ID}&site=${DEMO_EMBED_DOMAIN}`;
  const embedJs = await firstLoadJs(`${config.url}${embedPath}`);
  log(`widget landing vs floor ${landingVsFloor.ratio}; embed loader ${loaderGzipBytes} B gzip; embedded ticket page first-load JS ${embedJs.bytes} B (floor ${floorJsBytes} B)`);
  return {
    landing: { host: headers.host, bytes: landing.body.length },
    landingVsFrameworkFloor: landingVsFloor,
    loaderGzipBytes,
    embeddedTicketPage: { path: embedPath, ...embedJs, deltaToFloor: embedJs.status === 200 ? embedJs.bytes - floorJsBytes : null },
  };
}

function widgetChecks(widgets) {
  if (widgets.skipped || widgets.error) {
    const skipped = { value: null, pass: null, note: widgets.error ?? 'skipped (BENCH_SKIP_WIDGETS=1)' };
    return { widgetLandingVsFrameworkFloor: skipped, embedLoaderGzip: skipped, embeddedTicketFirstLoadJsDelta: skipped };
  }
  return {
    widgetLandingVsFrameworkFloor: check(widgets.landingVsFrameworkFloor.ratio, '>= 0.70', (v) => v >= 0.7),
    embedLoaderGzip: check(widgets.loaderGzipBytes, '<= 5120 bytes (5 KiB gzip)', (v) => v <= 5 * 1024),
    embeddedTicketFirstLoadJsDelta: check(widgets.embeddedTicketPage.deltaToFloor, '<= 30720 bytes (floor + 30 KiB gzip)', (v) => v <= 30 * 1024),
  };
}

/**
 * A signed-in route handler must not cost much more than authenticating: the month query
 * at half the rate of the signed-in floor or better, its p99 under 50 ms on PostgreSQL (80 ms on
 * the embedded database) at the bench's connections, and bookings end to end under 200 ms at p99.
 */
function signedInHandlerChecks(bookings) {
  if (bookings.skipped || bookings.error) {
    const skipped = { value: null, pass: null, note: bookings.error ?? 'skipped (BENCH_SKIP_BOOKINGS=1)' };
    return { availabilityVsSignedInFloor: skipped, availabilityMonthP99: skipped, bookingsP99: skipped, cardCheckoutsVsBalance: skipped, bookingsRefused: skipped, ...apiChecks(bookings) };
  }
  const refusalNote = `refused or not completed: ${JSON.stringify(bookings.refused)}`;
  const p99Target = databaseUrl ? 50 : 80;
  return {
    availabilityVsSignedInFloor: check(bookings.availabilityVsSignedInFloor, '>= 0.50', (v) => v >= 0.5),
    availabilityMonthP99: check(bookings.availabilityMonth.p99, `< ${p99Target} ms`, (v) => v < p99Target),
    bookingsP99: check(bookings.bookings.p99, '< 200 ms', (v) => v < 200),
    // A ratio of refusals says nothing: with any, the check fails whatever the ratio.
    cardCheckoutsVsBalance:
      bookings.refused.balanceBookings + bookings.refused.cardCheckouts > 0
        ? { value: bookings.cardCheckoutsVsBalance, target: '>= 0.50', pass: false, note: refusalNote }
        : check(bookings.cardCheckoutsVsBalance, '>= 0.50', (v) => v >= 0.5),
    bookingsRefused: check(bookings.refused.total, '0 (every attempt booked)', (v) => v === 0),
    ...apiChecks(bookings),
    ...octoChecks(bookings),
  };
}

/**
 * The agencies' API: with a key, the month's availability at 0.9 of the same call with the cookie
 * or better and under 50 ms at p99 on PostgreSQL (80 ms embedded, as the cookie's), and bookings at
 * 0.8 of the portal's own booking route or better.
 */
function apiChecks(bookings) {
  const api = bookings?.api;
  if (!api || api.skipped) {
    const skipped = { value: null, pass: null, note: api?.note ?? bookings?.error ?? 'skipped (BENCH_SKIP_BOOKINGS=1)' };
    return { apiAvailabilityKeyVsCookie: skipped, apiAvailabilityKeyP99: skipped, apiBookingsKeyVsCookie: skipped };
  }
  const p99Target = databaseUrl ? 50 : 80;
  return {
    apiAvailabilityKeyVsCookie: check(api.availabilityKeyVsCookie, '>= 0.90', (v) => v >= 0.9),
    apiAvailabilityKeyP99: check(api.availabilityByKey.p99, `< ${p99Target} ms`, (v) => v < p99Target),
    apiBookingsKeyVsCookie: check(api.bookingsKeyVsCookie, '>= 0.80', (v) => v >= 0.8),
  };
}

/**
 * Our OCTO API for resellers: the 30-day availability calendar under 50 ms at p99 on PostgreSQL
 * (80 ms embedded, as the month query), and a booking over OCTO (reserve + confirm) at 0.8 of the
 * portal's own balance booking rate or better.
 */
function octoChecks(bookings) {
  const octo = bookings?.octo;
  if (!octo || octo.skipped) {
    const skipped = { value: null, pass: null, note: octo?.note ?? bookings?.error ?? 'skipped (BENCH_SKIP_BOOKINGS=1)' };
    return { octoCalendarP99: skipped, octoBookingsVsPortal: skipped };
  }
  const p99Target = databaseUrl ? 50 : 80;
  return {
    octoCalendarP99: check(octo.octoCalendar.p99, `< ${p99Target} ms`, (v) => v < p99Target),
    octoBookingsVsPortal: check(octo.octoBookingsVsPortal, '>= 0.80', (v) => v >= 0.8),
  };
}

async function main() {
  const startedAt = Date.now();
  // Other work on the machine skews every number: recorded so a reader can tell.
  const loadAverageAtStart = round(os.loadavg()[0]);
  if (config.startsApp) await startApp();
  else {
    await waitForHealth(config.url, null);
    if (config.bookings) {
      funding = await fundAgencies({ ...process.env, DATABASE_URL: databaseUrl });
      apiKeys = await makeApiKeys({ ...process.env, DATABASE_URL: databaseUrl });
    }
  }

  const { tour, from } = await chooseTour();
  Object.assign(config, { tour, tourFrom: from });
  const pages = { home: '/', tour: `/tour/${encodeURIComponent(tour)}`, city: `/city/${encodeURIComponent(config.city)}` };

  log(`signing in ${AGENT.email}`);
  const users = { anonymous: {}, agent: { cookie: await signIn(config.url, AGENT) } };

  // 1. The app, target by target; each response is captured once for the plain Node floor.
  const targets = {};
  const captured = new Map();
  for (const [user, headers] of Object.entries(users)) {
    for (const [page, pathname] of Object.entries(pages)) {
      const name = `${page}:${user}`;
      const url = `${config.url}${pathname}`;
      const sample = await getRaw(url, headers);
      if (sample.status !== 200) log(`warning: ${name} (${pathname}) answers ${describe(sample)}`);
      captured.set(`/${name}`, { status: sample.status, contentType: sample.headers['content-type'] ?? 'text/plain', body: sample.body });
      const { rps, p50, p99, ttfbP99, statuses, errors } = await measure(name, url, headers, config.seconds);
      targets[name] = {
        path: pathname,
        status: sample.status,
        bytes: sample.body.length,
        rps,
        p50,
        p99,
        ...(user === 'agent' ? { ttfbP99 } : {}),
        statuses,
        errors,
      };
    }
  }

  // 2a. The framework floor: a static page of this build, as the app serves it.
  const floorSample = await getRaw(`${config.url}${FRAMEWORK_FLOOR_PATH}`);
  const isFloorPage = floorSample.status === 200 && floorSample.body.includes(FRAMEWORK_FLOOR_MARKER);
  const floorLoad = await measure('framework floor', `${config.url}${FRAMEWORK_FLOOR_PATH}`, {}, config.seconds);
  const frameworkFloor = {
    path: FRAMEWORK_FLOOR_PATH,
    status: floorSample.status,
    servedFloorPage: isFloorPage,
    // Next marks the responses a rewrite or the proxy sent elsewhere; the floor is meant to bypass both.
    throughProxy: 'x-middleware-rewrite' in floorSample.headers,
    ...(isFloorPage
      ? {}
      : { note: `${FRAMEWORK_FLOOR_PATH} did not serve app/bench-floor (${describe(floorSample)}): is it excluded from proxy.ts's matcher?` }),
    bytes: floorSample.body.length,
    rps: floorLoad.rps,
    p50: floorLoad.p50,
    p99: floorLoad.p99,
  };

  // 2b. The tour page against the framework floor in alternating rounds, so a change in the
  // machine's load during the run falls on both alike; the check uses this ratio.
  const tourVsFloor = await alternatingRounds(`${config.url}${pages.tour}`, `${config.url}${FRAMEWORK_FLOOR_PATH}`);

  // 2c. The plain Node floor: the same bytes from a bare node:http server.
  const floor = await startFloorServer(PORTS.floor, captured);
  cleanups.push(floor.stop);
  for (const [name, target] of Object.entries(targets)) {
    const { rps } = await measure(`plain Node floor ${name}`, `${floor.url}/${name}`, {}, config.floorSeconds);
    Object.assign(target, { floorRps: rps, ratioToFloor: ratio(target.rps, rps) });
  }
  await floor.stop();

  // 3. First-load JavaScript per public route.
  const routes = ['/', pages.tour, pages.city, '/uae', '/terms-of-use', FRAMEWORK_FLOOR_PATH];
  const firstLoadJsDetail = {};
  for (const route of routes) firstLoadJsDetail[route] = await firstLoadJs(`${config.url}${route}`);
  log('first-load JS:', JSON.stringify(firstLoadJsDetail));
  const firstLoadJsBytes = Object.fromEntries(routes.map((route) => [route, firstLoadJsDetail[route].bytes]));

  // 3b. Widgets: the demo site's landing on its domain, the embed loader, the embedded ticket page.
  const widgets = config.widgets ? await measureWidgets(firstLoadJsBytes[FRAMEWORK_FLOOR_PATH]) : { skipped: true };

  // 4. Bookings: availability month query, bookings end to end, and the database's insert floor.
  const bookings = config.bookings ? await measureBookings() : { skipped: true };

  // 4b. The browser telemetry collector: batches of 50 events at a fixed rate.
  const telemetryCollector = config.telemetryCollector
    ? await measureTelemetryCollector({ url: config.url, rate: config.telemetryRate, seconds: config.telemetrySeconds, warmupSeconds: config.warmupSeconds, log })
    : { skipped: true };

  // 5. Lighthouse on the tour page, and on the framework floor for scale: the floor's own score
  // is what this machine allows any page of this framework (no check on it).
  let lighthouse = { skipped: true };
  let lighthouseFrameworkFloor = { skipped: true };
  if (config.lighthouse) {
    const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    const median = async (path) => {
      log(`Lighthouse (mobile) on ${path}, ${config.lighthouseRuns} runs`);
      const result = await runLighthouseMedian(`${config.url}${path}`, { chromePath, port: PORTS.chrome, runs: config.lighthouseRuns }).catch((error) => ({
        error: error.message,
      }));
      log('Lighthouse:', JSON.stringify(result.scores ?? result.error));
      return result;
    };
    lighthouse = await median(pages.tour);
    if (isFloorPage) lighthouseFrameworkFloor = await median(FRAMEWORK_FLOOR_PATH);
  }

  const anonymousTour = targets['tour:anonymous'];
  const agentTour = targets['tour:agent'];
  const notOk = (label, status) => (status === 200 ? [] : [`${label} answered ${status}`]);
  const tourProblems = notOk('the tour page', anonymousTour.status);
  const agentTourProblems = notOk('the agent tour page', agentTour.status);
  const floorProblems = isFloorPage ? [] : [frameworkFloor.note];
  const checks = {
    tourVsFrameworkFloor: check(tourVsFloor.ratio, '>= 0.70', (v) => v >= 0.7, [...tourProblems, ...floorProblems]),
    agentVsAnonymousTour: check(ratio(agentTour.rps, anonymousTour.rps), '>= 0.25', (v) => v >= 0.25, [...tourProblems, ...agentTourProblems]),
    agentTtfbP99: check(agentTour.ttfbP99, '< 100 ms', (v) => v < 100, agentTourProblems),
    firstLoadJsDelta: check(
      firstLoadJsBytes[pages.tour] - firstLoadJsBytes[FRAMEWORK_FLOOR_PATH],
      // The tour page's target (docs/catalogue.md#the-tour-page): the floor + 20 KiB gzip.
      '<= 20480 bytes (20 KiB gzip)',
      (v) => v <= 20 * 1024,
      [...notOk('the tour page', firstLoadJsDetail[pages.tour].status), ...floorProblems],
    ),
    lighthouse: lighthouse.scores
      ? check(
          lighthouse.scores,
          LIGHTHOUSE_TARGETS,
          (s) => Object.entries(LIGHTHOUSE_TARGETS).every(([id, min]) => s[id] !== null && s[id] >= min),
          [...tourProblems, ...(lighthouse.runtimeError ? [`Lighthouse: ${lighthouse.runtimeError}`] : [])],
        )
      : { value: null, target: LIGHTHOUSE_TARGETS, pass: null, note: lighthouse.error ?? 'skipped (BENCH_SKIP_LIGHTHOUSE=1)' },
    ...signedInHandlerChecks(bookings),
    ...widgetChecks(widgets),
    telemetryCollector: telemetryCollectorCheck(telemetryCollector, { onPostgres: Boolean(databaseUrl) }),
  };

  return {
    date: new Date().toISOString(),
    durationSeconds: round((Date.now() - startedAt) / 1000, 1),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      loadAverageAtStart,
      node: process.version,
      next: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8')).version,
    },
    config: { ...config, ports: PORTS },
    targets,
    frameworkFloor,
    tourVsFrameworkFloor: tourVsFloor,
    checks,
    firstLoadJs: firstLoadJsBytes,
    firstLoadJsDetail,
    bookings,
    widgets,
    telemetryCollector,
    lighthouse,
    lighthouseFrameworkFloor,
  };
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    cleanUp().finally(() => process.exit(130));
  });
}

try {
  const summary = await main();
  await cleanUp();
  // 6. The back office at scale, on its own generated data set and portal (the first one is stopped).
  summary.backOffice = config.backOffice ? await measureBackOffice() : { skipped: true };
  // 7. Live suppliers: the short cache, and a slow or dead supplier, on a portal of their own.
  summary.suppliers = config.suppliers ? await measureSuppliers() : { skipped: true };
  // 7b. Search on 10,000 generated tours, on each database (bench/search.mjs).
  summary.search = config.search ? await measureSearch() : { skipped: true };
  // 8. Several processes: nginx's cache, two portals against one, a portal killed under mixed load.
  summary.cluster = config.cluster ? await measureCluster(clusterSettings()) : { skipped: true };
  // 9. Server telemetry's cost: the tour page exporting traces and metrics over OTLP against the same without a collector.
  summary.telemetry = config.telemetry ? await measureTelemetry(telemetrySettings()).catch((error) => ({ error: error.message })) : { skipped: true };
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(summary, null, 2)}\n`);
  appendHistory(HISTORY, historyEntry(summary, gitRevision(ROOT)));
  console.log(JSON.stringify(summary, null, 2));
  log(`written to ${path.relative(ROOT, RESULTS)}, one line added to ${path.relative(ROOT, HISTORY)}`);
  // Refused bookings make the run a failed one, not a slow one.
  if (summary.checks.bookingsRefused?.pass === false) {
    log(`failed: ${summary.bookings.refused.total} booking attempts refused or not completed (${JSON.stringify(summary.bookings.refused)})`);
    process.exitCode = 1;
  }
} catch (error) {
  log('failed:', error.stack ?? error.message);
  await cleanUp();
  process.exit(1);
}
