import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// `npm start`'s mode check (scripts/start.mjs --check stops after it: no build, no server).

const MODE_VARIABLES = ['DEMO', 'STAGING', 'PAYMENTS_SANDBOX', 'TEST_HOOKS', 'TRAVELDESK_TEST_BUILD', 'SEED_DEMO', 'DATABASE_URL', 'NODE_ENV', 'AUTH_SECRET', 'SUPPLIERS_ALLOW_PRIVATE_ADDRESSES'];

function start(env: Record<string, string | undefined>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !MODE_VARIABLES.includes(name)));
  const run = spawnSync(process.execPath, ['scripts/start.mjs', '--check'], { env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 20_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', AUTH_SECRET: 'a-production-secret' };

describe('a production start', () => {
  it('is what PostgreSQL or NODE_ENV=production means, and says how to create the first operator admin', () => {
    for (const env of [POSTGRES, { NODE_ENV: 'production' }, { DEMO: 'off' }] as Record<string, string>[]) {
      const run = start(env);
      expect(run.status, run.output).toBe(0);
      expect(run.output).toContain('Production mode.');
      expect(run.output).toContain('npm run ops:create-admin -- --email');
    }
  });

  it('refuses the test hooks', () => {
    const run = start({ ...POSTGRES, TEST_HOOKS: '1' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('Refusing to start');
    expect(run.output).toContain('TEST_HOOKS');
  });

  it('refuses a build with the test-only routes', () => {
    const run = start({ ...POSTGRES, TRAVELDESK_TEST_BUILD: '1' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('TRAVELDESK_TEST_BUILD serves a build with test-only routes');
  });

  it('refuses demo seeding', () => {
    const run = start({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('SEED_DEMO seeds demo accounts');
  });

  it('refuses the sandbox unless the deployment says it is staging, and then labels it', () => {
    const refused = start({ ...POSTGRES, PAYMENTS_SANDBOX: 'on' });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('unless STAGING=on');
    const staging = start({ ...POSTGRES, PAYMENTS_SANDBOX: 'on', STAGING: 'on' });
    expect(staging.status, staging.output).toBe(0);
    expect(staging.output).toContain('staging: sandbox payments, the demo label shown');
  });

  it('refuses supplier calls into private addresses, which only tests need', () => {
    const run = start({ ...POSTGRES, SUPPLIERS_ALLOW_PRIVATE_ADDRESSES: 'on' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES=on');
  });

  it('refuses PostgreSQL without its own AUTH_SECRET', () => {
    const run = start({ DATABASE_URL: POSTGRES.DATABASE_URL });
    expect(run.status).toBe(1);
    expect(run.output).toContain('AUTH_SECRET must be set');
  });
});

describe('a fresh clone', () => {
  it('starts the demo, and DEMO=on keeps the demo (with its test hooks) on PostgreSQL', () => {
    const fresh = start({});
    expect(fresh.status, fresh.output).toBe(0);
    expect(fresh.output).toContain('Demo mode: demo data, sandbox payments, printed sign-ins.');
    const onPostgres = start({ ...POSTGRES, DEMO: 'on', TEST_HOOKS: '1', SEED_DEMO: 'true' });
    expect(onPostgres.status, onPostgres.output).toBe(0);
    expect(onPostgres.output).toContain('Demo mode');
  });

  it('refuses a mode switch it does not know', () => {
    const run = start({ DEMO: 'yes' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('DEMO must be `on` or `off`');
  });
});
