import { getConnection } from './database';
import { migrateDatabase } from './migrate';
import { demoSignIns, DEMO_PASSWORD } from './seed/agencies';
import { seedDemoData } from './seed';
import { ensureDefaultSettings } from './seed/settings';

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
  console.info(['', 'Demo sign-ins (password: ' + DEMO_PASSWORD + '):', ...lines, ''].join('\n'));
}
