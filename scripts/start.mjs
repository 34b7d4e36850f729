// `npm start` (and `npm run dev` with --dev): decides the demo or production mode and refuses a
// production start on demo defaults, prepares the environment a fresh clone lacks, builds when
// there is no build, then runs Next (the standalone server of the build: .next/standalone/server.js,
// the same server the container image runs; docs/deployment.md). The server process itself migrates and seeds the database
// (instrumentation.ts), so the embedded PGlite has exactly one owner. `--check` stops after the
// mode check (the tests run it).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { builtKind, buildNext, TEST_BUILD_ENV, wantedKind } from './build-kind.mjs';

const dev = process.argv.includes('--dev');
const checkOnly = process.argv.includes('--check');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const dataDir = path.resolve(env.DATA_DIR ?? '.data');
// Absolute: the standalone server runs in its own directory (.next/standalone), not here.
env.DATA_DIR = dataDir;
const port = env.PORT ?? '3000';
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');

const FIRST_ADMIN_HINT =
  'Production: create the first operator admin with `npm run ops:create-admin -- --email you@example.com --name "Your Name"`; ' +
  'it prints a one-time link where they choose a password and enrol their own authenticator.';

/**
 * The demo (`DEMO=on`, the default on the embedded database) or production (`DEMO=off`, the
 * default with DATABASE_URL or NODE_ENV=production). Production never runs on demo defaults: no
 * demo seeding, no test hooks, no sandbox payments unless the deployment says it is staging. The
 * server process gets the decision as DEMO and PAYMENTS_SANDBOX (server/settings/deployment-mode.ts);
 * Next sets NODE_ENV=production for every `next start`, so the server cannot tell by itself.
 */
function decideMode() {
  const problems = [];
  for (const name of ['DEMO', 'STAGING', 'PAYMENTS_SANDBOX']) {
    if (env[name] !== undefined && env[name] !== 'on' && env[name] !== 'off') problems.push(`${name} must be \`on\` or \`off\` (it is \`${env[name]}\`).`);
  }
  const demo = env.DEMO === 'on' || (env.DEMO !== 'off' && !env.DATABASE_URL && env.NODE_ENV !== 'production');
  if (!demo) {
    if (env.TEST_HOOKS) problems.push('TEST_HOOKS is for the end-to-end suite only: a production start refuses it. Unset it.');
    if (env[TEST_BUILD_ENV]) problems.push(`${TEST_BUILD_ENV} serves a build with test-only routes: a production start refuses it. Unset it.`);
    if (env.SEED_DEMO === 'true') problems.push('SEED_DEMO seeds demo accounts with published passwords: a production start refuses it (DEMO=on runs a demo).');
    if (env.PAYMENTS_SANDBOX === 'on' && env.STAGING !== 'on') {
      problems.push('PAYMENTS_SANDBOX=on confirms bookings with test cards: a production start refuses it unless STAGING=on says this is a staging deployment.');
    }
    if (env.SUPPLIERS_ALLOW_PRIVATE_ADDRESSES === 'on') {
      problems.push("SUPPLIERS_ALLOW_PRIVATE_ADDRESSES=on lets supplier calls reach the portal's own network (SSRF): it is for tests only, a production start refuses it.");
    }
    if (!env.AUTH_SECRET && env.DATABASE_URL) problems.push('AUTH_SECRET must be set in production on PostgreSQL (32 random bytes, e.g. `openssl rand -base64 32`).');
  }
  if (problems.length > 0) {
    console.error(['Refusing to start:', ...problems.map((problem) => `  - ${problem}`)].join('\n'));
    process.exit(1);
  }
  env.DEMO = demo ? 'on' : 'off';
  env.PAYMENTS_SANDBOX ??= demo ? 'on' : 'off';
  if (demo) {
    console.info(`Demo mode: demo data, sandbox payments, printed sign-ins${env.DATABASE_URL ? ' (on PostgreSQL)' : ''}. DEMO=off starts production.`);
  } else {
    console.info(`Production mode${env.PAYMENTS_SANDBOX === 'on' ? ' (staging: sandbox payments, the demo label shown)' : ''}.`);
    console.info(FIRST_ADMIN_HINT);
  }
}

function ensureAuthSecret() {
  if (env.AUTH_SECRET) return;
  // The embedded set-up keeps a generated secret beside its data, so sessions survive restarts.
  const file = path.join(dataDir, 'auth-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  env.AUTH_SECRET = fs.readFileSync(file, 'utf8').trim();
}

/**
 * Next keeps cached catalogue reads and on-demand rendered pages on disk, and they would outlive
 * a database switch (a fresh embedded database, the e2e database, another DATABASE_URL). The
 * database is the source of truth, so every start begins with a cold cache.
 */
function clearRenderCache() {
  for (const distDir of ['.next', STANDALONE_DIST]) {
    for (const dir of [path.join(distDir, 'cache', 'fetch-cache'), path.join(distDir, 'server', 'route-cache')]) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

const STANDALONE = path.join('.next', 'standalone');
const STANDALONE_DIST = path.join(STANDALONE, '.next');

/**
 * `output: 'standalone'` (next.config.ts) leaves the browser's files out of .next/standalone: Next's
 * docs have them copied beside server.js, .next/static under its .next and public/ at its root.
 * Once per build (a build rewrites .next/standalone); the container image copies them itself.
 */
function prepareStandalone() {
  const server = path.join(STANDALONE, 'server.js');
  if (!fs.existsSync(server)) {
    console.error('The build in .next has no standalone server (.next/standalone/server.js): run `npm run build`.');
    process.exit(1);
  }
  const stamp = path.join(STANDALONE_DIST, 'BUILD_ID');
  const copied = path.join(STANDALONE_DIST, 'static-copied');
  // The container image holds only the standalone tree, its files copied in by the Dockerfile.
  if (!fs.existsSync(path.join('.next', 'static')) && fs.existsSync(path.join(STANDALONE_DIST, 'static'))) return server;
  if (fs.existsSync(copied) && fs.readFileSync(copied, 'utf8') === fs.readFileSync(stamp, 'utf8')) return server;
  // Copied over, never removed first: two portals started at once from one build (the scripted
  // cluster) write the same files and neither sees the other's half-deleted tree. A new build
  // starts from an empty .next/standalone, so nothing stale stays.
  fs.cpSync(path.join('.next', 'static'), path.join(STANDALONE_DIST, 'static'), { recursive: true, force: true });
  fs.cpSync('public', path.join(STANDALONE, 'public'), { recursive: true, force: true });
  fs.writeFileSync(copied, fs.readFileSync(stamp, 'utf8'));
  return server;
}

/**
 * Where the standalone server listens (it reads HOSTNAME; unset it takes 0.0.0.0): every address,
 * IPv6 and IPv4, as `next start` did. Only an IP address counts: a shell or container that exports
 * HOSTNAME exports the machine's name, not a listen address.
 */
function listenAddress() {
  return env.HOSTNAME && net.isIP(env.HOSTNAME) ? env.HOSTNAME : '::';
}

/**
 * Runs Next as a child and ends with it. SIGTERM and SIGINT are passed on: the server drains and
 * exits 0 (server/lifecycle/shutdown.ts), and so does this process. The IPC channel is the child's
 * lifeline: when this process dies without passing a signal on (SIGKILL), the child sees it close
 * and shuts down too, so no server is left behind.
 */
function run(args) {
  const child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

decideMode();
if (checkOnly) process.exit(0);
ensureAuthSecret();
if (dev) {
  run([nextBin, 'dev', '--port', port]);
} else {
  // Never serves a test build (test-only routes) unless asked to (the e2e server), nor the
  // other way round: the build in .next says which kind it is (scripts/build-kind.mjs).
  const wanted = wantedKind(env);
  const built = builtKind();
  if (built !== wanted) {
    console.info(
      built === null
        ? 'No build found: running `next build` first (once).'
        : `The build in .next was made ${built === 'test' ? 'for tests' : 'for production'}: running a ${wanted === 'test' ? 'test' : 'production'} build first.`,
    );
    const status = buildNext(wanted, { env });
    if (status !== 0) process.exit(status);
  }
  const server = prepareStandalone();
  clearRenderCache();
  console.info(`Traveldesk B2B on http://localhost:${port} (${env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${dataDir}`})`);
  env.PORT = port;
  env.HOSTNAME = listenAddress();
  run([server]);
}
