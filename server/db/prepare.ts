import { and, eq } from 'drizzle-orm';
import { demoMode } from '@/server/settings/deployment-mode';
import type { Database, DatabaseConnection } from './connection';
import { getConnection } from './database';
import { applyMigrations, withDeployLock } from './migrate';
import { staffMembers } from './schema';
import { demoSignIns, DEMO_PASSWORD } from './seed/agencies';
import { seedDemoData } from './seed';
import { ensureDefaultSettings } from './seed/settings';
import { DEMO_STAFF, DEMO_TOTP_SECRET } from './seed/staff';

/**
 * Runs in the server process before it takes requests (instrumentation.ts): migrate, then seed
 * demo data in the demo only (server/settings/deployment-mode.ts). Production never gets the demo
 * accounts; with no operator admin yet, it says how to create the first one. Processes starting
 * together on one PostgreSQL do this one at a time (the deploy lock): the first migrates and seeds,
 * the others wait and find it done, so no seed row is written twice.
 */
export async function prepareDatabase(env: NodeJS.ProcessEnv = process.env, opened?: DatabaseConnection): Promise<void> {
  const started = Date.now();
  const connection = opened ?? (await getConnection());
  const seeds = demoMode(env);
  const { db } = connection;
  await withDeployLock(connection, async (lockDb) => {
    await applyMigrations(connection, lockDb);
    await ensureDefaultSettings(db);
    if (seeds) await seedDemoData(db, { today: new Date() });
  });
  console.info(`[db] ${connection.driver} ready in ${Date.now() - started} ms${seeds ? ' with demo data' : ''}`);
  if (seeds) printDemoSignIns();
  else if (!(await hasActiveOperatorAdmin(db))) {
    console.info('[ops] No operator admin yet: `npm run ops:create-admin -- --email you@example.com --name "Your Name"` prints their one-time enrolment link.');
  }
}

async function hasActiveOperatorAdmin(db: Database): Promise<boolean> {
  const [admin] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'operator-admin'), eq(staffMembers.status, 'active')))
    .limit(1);
  return Boolean(admin);
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
