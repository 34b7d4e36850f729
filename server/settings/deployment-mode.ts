// The deployment's mode, as `npm start` (scripts/start.mjs) decided it and passed it on: the demo
// (demo data, printed sign-ins, the sandbox, a visible label) or production. The server reads
// only what start.mjs set; a process started some other way (vitest, a bare `next start`) falls
// back to the same default: the embedded database is the demo, PostgreSQL is production.
// No server-only import: the database CLI (server/db/cli.ts, prepare.ts) reads it too.

export function demoMode(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.DEMO === 'on') return true;
  if (env.DEMO === 'off') return false;
  return !env.DATABASE_URL;
}

/** The sandbox gateway confirms bookings with test cards: the demo's default, else only when asked. */
export function sandboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PAYMENTS_SANDBOX === 'on') return true;
  if (env.PAYMENTS_SANDBOX === 'off') return false;
  return demoMode(env);
}

/** Pages, mails and documents say "Demo — test data, no real payments" whenever nothing here is real money. */
export function showsDemoLabel(env: NodeJS.ProcessEnv = process.env): boolean {
  return demoMode(env) || sandboxEnabled(env);
}
