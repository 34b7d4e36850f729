// `npm start` (and `npm run dev` with --dev): prepares the environment a fresh clone lacks,
// builds when there is no build, then runs Next. The server process itself migrates and seeds
// the database (instrumentation.ts), so the embedded PGlite has exactly one owner.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dev = process.argv.includes('--dev');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const dataDir = path.resolve(env.DATA_DIR ?? '.data');
const port = env.PORT ?? '3000';
const nextBin = path.join('node_modules', 'next', 'dist', 'bin', 'next');

function ensureAuthSecret() {
  if (env.AUTH_SECRET) return;
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    console.error('AUTH_SECRET must be set when running on PostgreSQL in production.');
    process.exit(1);
  }
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

function run(args) {
  const child = spawn(process.execPath, [nextBin, ...args], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

ensureAuthSecret();
if (dev) {
  run(['dev', '--port', port]);
} else {
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) {
    console.info('No build found: running `next build` first (once).');
    const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  clearRenderCache();
  console.info(`Traveldesk B2B on http://localhost:${port} (${env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${dataDir}`})`);
  run(['start', '--port', port]);
}
