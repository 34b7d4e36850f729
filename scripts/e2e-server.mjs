// The server Playwright tests against: a fresh, seeded database every run.
// Embedded: a new PGlite directory. PostgreSQL (DATABASE_URL set): a new database on that server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { startDatabaseSwitch } from './database-switch.mjs';

const env = {
  ...process.env,
  // The demo (demo data, printed sign-ins), on PostgreSQL too: production refuses test hooks.
  DEMO: 'on',
  TEST_HOOKS: '1',
  // A build with the test-only routes (the render-error page, the test hooks): scripts/start.mjs
  // serves one only when asked, and builds one when .next holds none (scripts/build-kind.mjs).
  TRAVELDESK_TEST_BUILD: '1',
  // The payment e2e pay with the sandbox's test cards, on PostgreSQL too (off there by default).
  PAYMENTS_SANDBOX: 'on',
  AUTH_SECRET: process.env.AUTH_SECRET ?? 'e2e-only-secret-not-for-production-000000',
  // The supplier specs' local OCTO supplier listens on 127.0.0.1, which supplier calls refuse by
  // default (SSRF, docs/suppliers.md "The address rule").
  SUPPLIERS_ALLOW_PRIVATE_ADDRESSES: 'on',
};

if (env.DATABASE_URL) {
  const serverUrl = new URL(env.DATABASE_URL);
  // E2E_DATABASE_NAME lets two runs on one PostgreSQL server keep apart.
  const name = env.E2E_DATABASE_NAME ?? 'traveldesk_e2e';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_NAME must be a plain database name, not ${name}`);
  const admin = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  serverUrl.pathname = `/${name}`;
  // The portal reaches its database through a relay the outage spec can cut (e2e/database-outage.spec.ts).
  const controlPort = Number(env.E2E_DATABASE_SWITCH_PORT ?? Number(env.PORT ?? 3100) + 1000);
  const relay = await startDatabaseSwitch({
    target: { host: serverUrl.hostname, port: Number(serverUrl.port || 5432) },
    controlPort,
  });
  serverUrl.host = `127.0.0.1:${relay.port}`;
  env.DATABASE_URL = serverUrl.toString();
} else {
  env.DATA_DIR = path.resolve('.data-e2e');
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
