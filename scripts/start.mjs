// `npm start` (and `npm run dev` with --dev): decides the demo or production mode and refuses a
// production start on demo defaults, prepares the environment a fresh clone lacks, builds when
// there is no build, then runs Next. The server process itself migrates and seeds the database
// (instrumentation.ts), so the embedded PGlite has exactly one owner. `--check` stops after the
// mode check (the tests run it).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { builtKind, buildNext, TEST_BUILD_ENV, wantedKind } from './build-kind.mjs';

const dev = process.argv.includes('--dev');
const checkOnly = process.argv.includes('--check');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const dataDir = path.resolve(env.DATA_DIR ?? '.data');
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
  for (const dir of [path.join('.next', 'cache', 'fetch-cache'), path.join('.next', 'server', 'route-cache')]) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs Next as a child and ends with it. SIGTERM and SIGINT are passed on: the server drains and
 * exits 0 (server/lifecycle/shutdown.ts), and so does this process. The IPC channel is the child's
 * lifeline: when this process dies without passing a signal on (SIGKILL), the child sees it close
 * and shuts down too, so no server is left behind.
 */
function run(args) {
  const child = spawn(process.execPath, [nextBin, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

decideMode();
if (checkOnly) process.exit(0);
ensureAuthSecret();
if (dev) {
  run(['dev', '--port', port]);
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
  clearRenderCache();
  console.info(`Traveldesk B2B on http://localhost:${port} (${env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${dataDir}`})`);
  run(['start', '--port', port]);
}
