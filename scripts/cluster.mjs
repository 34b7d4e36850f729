// The multi-machine topology on one machine, natively: N portal processes behind nginx, on one
// PostgreSQL and one Redis (Debian's binaries), each started here in a temp dir and stopped by
// process group. Used by the cluster e2e spec (e2e/cluster/) and the benchmark (bench/); as a
// command, `node scripts/cluster.mjs [--base-port 4500] [--portals 2] [--no-redis] [--no-cache]
// [--log] [--keep]` starts it and prints the addresses until Ctrl-C. docs/cluster.md.
//
// Plain Node ESM on purpose (no TypeScript, no Next imports): Playwright specs and bench/ import it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where Debian puts what the topology runs, and the package that brings each. */
export const BINARIES = {
  postgres: { path: () => postgresBin('postgres'), debian: 'postgresql' },
  'redis-server': { path: () => firstExisting(['/usr/bin/redis-server', '/usr/local/bin/redis-server']), debian: 'redis-server' },
  nginx: { path: () => firstExisting(['/usr/sbin/nginx', '/usr/local/sbin/nginx']), debian: 'nginx' },
};

/** The modules the nginx config loads, with their Debian packages. */
const NGINX_MODULES = {
  'ngx_http_cache_purge_module.so': 'libnginx-mod-http-cache-purge',
  'ngx_http_brotli_filter_module.so': 'libnginx-mod-http-brotli-filter',
  'ngx_http_brotli_static_module.so': 'libnginx-mod-http-brotli-static',
};
const NGINX_MODULES_DIR = '/usr/lib/nginx/modules';

const AUTH_SECRET = 'cluster-only-secret-not-for-production-0000';
const READY_TIMEOUT_MS = 180_000; // a first start migrates and seeds, on a busy two-core machine
const STOP_TIMEOUT_MS = 15_000;

function firstExisting(candidates) {
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

function postgresBin(name) {
  const base = '/usr/lib/postgresql';
  let versions = [];
  try {
    versions = fs.readdirSync(base).filter((entry) => fs.existsSync(path.join(base, entry, 'bin', name)));
  } catch {
    return null;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(base, versions[0], 'bin', name) : null;
}

/**
 * What the topology lacks on this machine: `[{ what, debian }]`, empty when it can run. The spec
 * and the bench skip (or fail under CI=true) with the Debian packages to install.
 */
export function missingBinaries({ redis = true } = {}) {
  const missing = [];
  for (const [what, binary] of Object.entries(BINARIES)) {
    if (what === 'redis-server' && !redis) continue;
    if (!binary.path()) missing.push({ what, debian: binary.debian });
  }
  if (postgresBin('postgres') && !postgresBin('initdb')) missing.push({ what: 'initdb', debian: 'postgresql' });
  for (const [file, debian] of Object.entries(NGINX_MODULES)) {
    if (!fs.existsSync(path.join(NGINX_MODULES_DIR, file))) missing.push({ what: `nginx module ${file}`, debian });
  }
  return missing;
}

/** One sentence naming what is missing and the `apt-get install` that brings it. */
export function missingBinariesMessage(missing) {
  const packages = [...new Set(missing.map((entry) => entry.debian))];
  return `the cluster needs ${missing.map((entry) => entry.what).join(', ')}: apt-get install ${packages.join(' ')}`;
}

// ---------------------------------------------------------------------------------------------
// Processes: each runs in its own process group (detached), so a stop reaches whatever it forked,
// and every group still running when this process exits is killed (never left behind).

const liveGroups = new Set();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  const killAll = () => {
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  };
  process.on('exit', killAll);
  // A termination signal ends Node without 'exit' handlers: when nobody else handles it, end the
  // groups, then let the signal do what it would have done.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      killAll();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Spawns `command` in its own process group, output to `logFile` (or the console). Returns
 * `{ child, exited }`; `exited` resolves with `{ code, signal }`.
 */
function startProcess(name, command, args, { env, cwd = ROOT, logFile, console: toConsole, uid, gid }) {
  installExitHook();
  let stdio = 'inherit';
  let fd = null;
  if (!toConsole) {
    fd = fs.openSync(logFile, 'a');
    stdio = ['ignore', fd, fd];
  }
  const child = spawn(command, args, { cwd, env, stdio, detached: true, uid, gid });
  if (fd !== null) fs.closeSync(fd);
  liveGroups.add(child.pid);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      // The group may outlive its leader (a forked child): end it too.
      killGroup(child.pid, 'SIGKILL');
      liveGroups.delete(child.pid);
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      liveGroups.delete(child.pid);
      resolve({ code: null, signal: null, error });
    });
  });
  return { name, child, exited };
}

function running(proc) {
  return proc && proc.child.exitCode === null && proc.child.signalCode === null;
}

/** Sends `signal` to the process's group and waits for it to exit; SIGKILL after the timeout. */
async function stopProcess(proc, signal = 'SIGTERM', timeoutMs = STOP_TIMEOUT_MS) {
  if (!proc || !running(proc)) return;
  killGroup(proc.child.pid, signal);
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([proc.exited, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    killGroup(proc.child.pid, 'SIGKILL');
    await proc.exited;
  }
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` (true when ready) every 250 ms until it holds, the process exits, or the timeout;
 * throws with the log's tail otherwise.
 */
async function waitUntil(what, probe, { proc, logFile, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && !running(proc)) {
      throw new Error(`${what} exited (${proc.child.exitCode ?? proc.child.signalCode}) before it was ready; its log:\n${logFile ? tail(logFile) : ''}`);
    }
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s; its log:\n${logFile ? tail(logFile) : ''}`);
    await sleep(250);
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function assertPortsFree(ports) {
  const taken = [];
  for (const port of ports) if (await portOpen(port)) taken.push(port);
  if (taken.length > 0) throw new Error(`cluster ports already in use: ${taken.join(', ')} (another cluster running? pick another basePort)`);
}

/** GET `url` with a bounded wait: `{ status, body }`, or null when nothing answered. */
async function get(url, timeoutMs = 5_000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: initdb into the cluster's dir, as the `postgres` user when this runs as root
// (PostgreSQL refuses root), as the current user otherwise.

function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root, PostgreSQL needs a `postgres` user (Debian\'s postgresql package makes it; or `useradd --system postgres`)');
  }
}

function makePostgres({ dir, port, log }) {
  const dataDir = path.join(dir, 'postgres');
  const socketDir = path.join(dir, 'postgres-socket');
  const logFile = path.join(dir, 'postgres.log');
  const user = postgresUser();
  fs.mkdirSync(socketDir, { recursive: true });
  if (user.uid !== undefined) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(socketDir, user.uid, user.gid);
    fs.writeFileSync(logFile, '');
    fs.chownSync(logFile, user.uid, user.gid);
  }
  execFileSync(postgresBin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...user,
  });
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let proc = null;

  async function answers() {
    const sql = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return true;
    } finally {
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
  }

  return {
    serverUrl,
    logFile,
    async start() {
      if (running(proc)) return;
      // Throwaway data: no fsync, so the cluster's writes cost the shared machine no disk waits.
      const args = ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
      proc = startProcess('postgres', postgresBin('postgres'), args, { env: { ...process.env, LC_ALL: 'C' }, cwd: dir, logFile, console: log, ...user });
      await waitUntil('PostgreSQL', answers, { proc, logFile, timeoutMs: 60_000 });
    },
    /** A fast shutdown (SIGINT): sessions are ended, nothing is lost. */
    async stop() {
      await stopProcess(proc, 'SIGINT', 30_000);
    },
    get pid() {
      return proc?.child.pid ?? null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis: no persistence (the cache is rebuilt from the database), bound to loopback.

function makeRedis({ dir, port, log }) {
  const logFile = path.join(dir, 'redis.log');
  const dataDir = path.join(dir, 'redis');
  fs.mkdirSync(dataDir, { recursive: true });
  let proc = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    logFile,
    async start() {
      if (running(proc)) return;
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dataDir, '--daemonize', 'no'];
      proc = startProcess('redis', BINARIES['redis-server'].path(), args, { env: process.env, cwd: dir, logFile, console: log });
      await waitUntil('Redis', () => redisPing(port), { proc, logFile, timeoutMs: 20_000 });
    },
    async stop() {
      await stopProcess(proc, 'SIGTERM');
    },
    get pid() {
      return proc?.child.pid ?? null;
    },
  };
}

/** PING in Redis's protocol over a plain socket: true on +PONG. */
function redisPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, 2_000);
    let answer = '';
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// nginx: the config rendered from deploy/nginx/cluster.conf.template (its placeholders:
// deploy/nginx/README.md), the same rules as the operators' sample.

const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'cluster.conf.template');

function renderNginxConfig({ dir, port, portalPorts, cache }) {
  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'cache'), { recursive: true });
  const modules = Object.keys(NGINX_MODULES)
    .filter((file) => fs.existsSync(path.join(NGINX_MODULES_DIR, file)))
    .map((file) => `load_module ${path.join(NGINX_MODULES_DIR, file)};`)
    .join('\n');
  const upstreams = portalPorts.map((portalPort) => `    server 127.0.0.1:${portalPort} max_fails=1 fail_timeout=2s;`).join('\n');
  const values = {
    DIR: nginxDir,
    LISTEN: `127.0.0.1:${port}`,
    PORT: String(port),
    MODULES: modules,
    UPSTREAMS: upstreams,
    CACHE: cache ? 'on' : 'off',
    USER: nginxUserDirective(),
  };
  // A `${NAME}` left unknown stays, and nginx's check below refuses the file with its name.
  return fs.readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{([A-Z_]+)\}/g, (match, name) => (name in values ? values[name] : match));
}

/**
 * Started as root, nginx's workers switch to another user (its default, nobody:nobody, has no
 * group on Debian): Debian's www-data, which the nginx package creates.
 */
function nginxUserDirective() {
  return process.getuid?.() === 0 ? 'user www-data;' : '';
}

/** Where the portals purge nginx's cache (EDGE_PURGE_NGINX_URLS): the template's endpoint. */
function nginxPurgeUrl(port, cache) {
  return cache ? `http://127.0.0.1:${port}/_edge-purge` : undefined;
}

function makeNginx({ dir, port, portalPorts, cache, log }) {
  const configFile = path.join(dir, 'nginx.conf');
  const logFile = path.join(dir, 'nginx.log');
  fs.writeFileSync(configFile, renderNginxConfig({ dir, port, portalPorts, cache }));
  const nginxBin = BINARIES.nginx.path();
  // -e: the error log before the config is read (Debian's default is /var/log/nginx).
  const base = ['-e', path.join(dir, 'nginx', 'startup-error.log'), '-p', path.join(dir, 'nginx'), '-c', configFile];
  execFileSync(nginxBin, [...base, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let proc = null;
  return {
    configFile,
    logFile,
    purgeUrl: nginxPurgeUrl(port, cache),
    async start() {
      if (running(proc)) return;
      proc = startProcess('nginx', nginxBin, base, { env: process.env, cwd: dir, logFile, console: log });
      await waitUntil('nginx', () => portOpen(port), { proc, logFile, timeoutMs: 20_000 });
    },
    /** Reads the config file again (SIGHUP to the master). */
    async reload() {
      execFileSync(nginxBin, [...base, '-t'], { stdio: ['ignore', 'ignore', 'pipe'] });
      if (running(proc)) process.kill(proc.child.pid, 'SIGHUP');
      await sleep(500);
    },
    async stop() {
      // SIGQUIT: graceful, workers finish their requests.
      await stopProcess(proc, 'SIGQUIT', 10_000);
    },
    get pid() {
      return proc?.child.pid ?? null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Portals: `npm start` (scripts/start.mjs) on the build in .next, as an operator runs one — the
// standalone server when the build has it (its browser files put beside it), else `next start`.
// The build's kind is passed on (TRAVELDESK_TEST_BUILD), so start.mjs never builds here.

function builtKind() {
  try {
    return fs.readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim().startsWith('test-') ? 'test' : 'production';
  } catch {
    return null;
  }
}

async function probeReady(url) {
  const ready = await get(`${url}/api/ready`);
  if (ready && ready.status !== 404) return ready.status === 200;
  // A build without /api/ready: the liveness route, which also asks the database.
  const health = await get(`${url}/api/health`);
  return health?.status === 200;
}

function makePortal({ index, dir, port, env, log }) {
  const logFile = path.join(dir, `portal-${index + 1}.log`);
  const url = `http://127.0.0.1:${port}`;
  let proc = null;
  const portalEnv = { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' };
  const portal = {
    index,
    url,
    port,
    logFile,
    get pid() {
      return proc?.child.pid ?? null;
    },
    get running() {
      return running(proc);
    },
    /** Starts (or restarts) the process and waits until it answers ready. */
    async start() {
      if (running(proc)) return;
      fs.appendFileSync(logFile, `\n--- start ${new Date().toISOString()} ---\n`);
      proc = startProcess(`portal ${index + 1}`, process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { env: portalEnv, cwd: ROOT, logFile, console: log });
      await waitUntil(`portal ${index + 1} (${url})`, () => probeReady(url), { proc, logFile, timeoutMs: READY_TIMEOUT_MS });
    },
    /** Sends `signal` (SIGKILL by default) to the process group; does not wait. */
    kill(signal = 'SIGKILL') {
      if (running(proc)) killGroup(proc.child.pid, signal);
      return proc ? proc.exited : Promise.resolve();
    },
    /** SIGTERM, and waits for the exit (SIGKILL after 15 s). */
    async stop() {
      await stopProcess(proc, 'SIGTERM');
    },
  };
  return portal;
}

// ---------------------------------------------------------------------------------------------

/**
 * Starts the topology (see docs/deployment.md "The scripted topology"): PostgreSQL (initdb'ed
 * fresh), Redis, the portals (the first alone: it migrates and seeds the demo data once, then the
 * rest), nginx in front. Ports: nginx `basePort`, portals `basePort + 1…`, PostgreSQL
 * `basePort + 10`, Redis `basePort + 11`. On any failure everything started is stopped again.
 */
export async function startCluster({
  basePort = 4500,
  portals: portalCount = 2,
  redis: withRedis = true,
  nginxCache = true,
  env: extraEnv = {},
  log = false,
  keep = false,
} = {}) {
  if (portalCount < 1 || portalCount > 8) throw new Error('portals: 1 to 8');
  const missing = missingBinaries({ redis: withRedis });
  if (missing.length > 0) throw new Error(missingBinariesMessage(missing));
  const kind = builtKind();
  if (!kind) throw new Error('no build in .next: run `npm run build` (or `TRAVELDESK_TEST_BUILD=1 npx next build`) first');

  const ports = {
    nginx: basePort,
    portals: Array.from({ length: portalCount }, (_, i) => basePort + 1 + i),
    postgres: basePort + 10,
    redis: basePort + 11,
  };
  await assertPortsFree([ports.nginx, ...ports.portals, ports.postgres, ...(withRedis ? [ports.redis] : [])]);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-cluster-'));
  fs.chmodSync(dir, 0o755);
  const started = [];
  const cluster = { dir, url: `http://127.0.0.1:${ports.nginx}`, ports };

  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    started.length = 0;
  };

  try {
    const pg = makePostgres({ dir, port: ports.postgres, log });
    await pg.start();
    started.push(pg);
    const admin = postgres(pg.serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe('create database traveldesk');
    await admin.end();
    const databaseUrl = `postgres://postgres@127.0.0.1:${ports.postgres}/traveldesk`;

    let redis = null;
    if (withRedis) {
      redis = makeRedis({ dir, port: ports.redis, log });
      await redis.start();
      started.push(redis);
    }

    const origin = (host) => `http://${host}:${ports.nginx}`;
    const portalEnv = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      // The demo on PostgreSQL (demo data, sandbox payments), as the e2e server runs it.
      DEMO: 'on',
      PAYMENTS_SANDBOX: 'on',
      AUTH_SECRET,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis ? redis.url : undefined,
      // nginx is the one proxy in front: it writes X-Forwarded-For/-Host/-Proto.
      TRUSTED_PROXY_HOPS: '1',
      // Links name the load balancer, not a portal (HOSTS itself is compiled into the build).
      PUBLIC_ORIGINS: JSON.stringify({ main: origin('127.0.0.1'), second: origin('partner.localhost'), russian: origin('ru.localhost') }),
      TRAVELDESK_TEST_BUILD: kind === 'test' ? '1' : undefined,
      // A catalogue change purges nginx's cached pages of every host (server/edge-cache/).
      EDGE_PURGE_NGINX_URLS: nginxPurgeUrl(ports.nginx, nginxCache),
      ...extraEnv,
    };
    for (const [name, value] of Object.entries(portalEnv)) if (value === undefined) delete portalEnv[name];

    if ((portalEnv.TRAVELDESK_TEST_BUILD === '1' ? 'test' : 'production') !== kind) {
      throw new Error(`env asks for a ${kind === 'test' ? 'production' : 'test'} build, but .next holds a ${kind} build: the portals would each build their own`);
    }
    const portals = ports.portals.map((port, index) => makePortal({ index, dir, port, env: portalEnv, log }));
    started.push({ stop: () => Promise.all(portals.map((portal) => portal.stop())) });
    // The first migrates and seeds alone; then the others start side by side on a ready database.
    await portals[0].start();
    await Promise.all(portals.slice(1).map((portal) => portal.start()));

    const nginx = makeNginx({ dir, port: ports.nginx, portalPorts: ports.portals, cache: nginxCache, log });
    await nginx.start();
    started.push(nginx);

    Object.assign(cluster, {
      databaseUrl,
      redisUrl: redis ? redis.url : null,
      portals,
      postgres: { start: () => pg.start(), stop: () => pg.stop(), get pid() { return pg.pid; } },
      redis: redis ? { start: () => redis.start(), stop: () => redis.stop(), get pid() { return redis.pid; } } : null,
      nginx: { purgeUrl: nginx.purgeUrl, reload: () => nginx.reload(), configFile: nginx.configFile },
      env: portalEnv,
      /** Everything down (portals first, then nginx, Redis, PostgreSQL); the dir removed unless `keep`. */
      async stop() {
        // nginx first: nothing new reaches the portals while they stop.
        await nginx.stop().catch(() => undefined);
        await Promise.all(portals.map((portal) => portal.stop().catch(() => undefined)));
        if (redis) await redis.stop().catch(() => undefined);
        await pg.stop().catch(() => undefined);
        started.length = 0;
        if (!keep) fs.rmSync(dir, { recursive: true, force: true });
      },
    });
    return cluster;
  } catch (error) {
    await stopAll();
    if (!keep && !log) {
      // Keep the logs of a failed start: the error names them.
      error.message += `\n(logs kept in ${dir})`;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// As a command: start on the default ports and wait for Ctrl-C.

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: options } = parseArgs({
    options: {
      'base-port': { type: 'string', default: '4500' },
      portals: { type: 'string', default: '2' },
      'no-redis': { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const basePort = Number(options['base-port']);
  const portals = Number(options.portals);
  console.info(`Starting the cluster (nginx on ${basePort}, ${portals} portal${portals === 1 ? '' : 's'}, PostgreSQL${options['no-redis'] ? '' : ', Redis'})…`);
  let cluster;
  try {
    cluster = await startCluster({ basePort, portals, redis: !options['no-redis'], nginxCache: !options['no-cache'], log: options.log, keep: options.keep });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.info(
    [
      '',
      `load balancer  ${cluster.url}`,
      ...cluster.portals.map((portal) => `portal ${portal.index + 1}       ${portal.url} (pid ${portal.pid})`),
      `PostgreSQL     ${cluster.databaseUrl}`,
      `Redis          ${cluster.redisUrl ?? 'off'}`,
      `logs           ${cluster.dir}`,
      '',
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.info('\nStopping the cluster…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
