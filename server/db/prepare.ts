import { getConnection } from './database';
import { migrateDatabase } from './migrate';
import { demoSignIns, DEMO_PASSWORD } from './seed/agencies';
import { seedDemoData } from './seed';
import { ensureDefaultSettings } from './seed/settings';
import { DEMO_STAFF, DEMO_TOTP_SECRET } from './seed/staff';

/**
 * Runs in the server process before it takes requests (instrumentation.ts): migrate, then seed
 * demo data on the embedded database, or on PostgreSQL only when SEED_DEMO=true.
 */
export async function prepareDatabase(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const started = Date.now();
  const connection = await getConnection();
  await migrateDatabase(connection);
  await ensureDefaultSettings(connection.db);
  const seeds = connection.driver === 'pglite' || env.SEED_DEMO === 'true';
  if (seeds) await seedDemoData(connection.db, { today: new Date() });
  console.info(`[db] ${connection.driver} ready in ${Date.now() - started} ms${seeds ? ' with demo data' : ''}`);
  if (seeds) printDemoSignIns();
}

export function printDemoSignIns(): void {
  const lines = demoSignIns.map((s) => `  ${s.email.padEnd(28)} ${s.role.padEnd(7)} ${s.agency}`);
  const staff = DEMO_STAFF.map((member) => `  ${member.email.padEnd(28)} ${member.role}`);
  console.info(
    [
      '',
      'Demo sign-ins (password: ' + DEMO_PASSWORD + '):',
      ...lines,
      '',
      'Operator console /ops (same password; second factor: TOTP secret ' + DEMO_TOTP_SECRET + ',',
      'add it to an authenticator app or run `npm run ops:code` for the current code):',
      ...staff,
      '',
    ].join('\n'),
  );
}
