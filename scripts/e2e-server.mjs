// The server Playwright tests against: a fresh, seeded database every run.
// Embedded: a new PGlite directory. PostgreSQL (DATABASE_URL set): a new database on that server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

const env = {
  ...process.env,
  TEST_HOOKS: '1',
  AUTH_SECRET: process.env.AUTH_SECRET ?? 'e2e-only-secret-not-for-production-000000',
};

if (env.DATABASE_URL) {
  const serverUrl = new URL(env.DATABASE_URL);
  const name = 'traveldesk_e2e';
  const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  serverUrl.pathname = `/${name}`;
  env.DATABASE_URL = serverUrl.toString();
  env.SEED_DEMO = 'true';
} else {
  env.DATA_DIR = path.resolve('.data-e2e');
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
