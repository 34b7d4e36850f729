// `npm run db:migrate`, `npm run db:seed` and `npm run agency:approve -- <admin e-mail>`. On the
// embedded database, stop the portal first: the directory lock refuses to open a PGlite directory
// another process holds.
import { type Database, databaseConfigFromEnv, openDatabase } from './connection';
import { applyMigrations, withDeployLock } from './migrate';
import { printDemoSignIns } from './prepare';
import { seedDemoData } from './seed';
import { demoMode } from '@/server/settings/deployment-mode';

async function main(command: string | undefined, argument: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed' && !(command === 'approve-agency' && argument)) {
    throw new Error('Usage: tsx server/db/cli.ts migrate|seed|approve-agency <admin e-mail>');
  }
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    if (command === 'seed' && !demoMode()) throw new Error('db:seed writes the demo accounts, whose passwords are published: production refuses it (DEMO=on for a demo database).');
    // Under the deploy lock, like a starting server: never beside another process migrating or seeding.
    await withDeployLock(connection, async (lockDb) => {
      await applyMigrations(connection, lockDb);
      if (command === 'seed') await seedDemoData(connection.db, { today: new Date() });
    });
    if (command === 'seed') printDemoSignIns();
    if (command === 'approve-agency' && argument) await approveAgency(connection.db, argument);
    console.info(`[db] ${command} done (${connection.driver})`);
  } finally {
    await connection.close();
  }
}

/**
 * Approval from the command line (the console's agencies section does it with a credit limit,
 * terms and an audit entry). Loaded on demand: domain modules are
 * server-only, which loads only under the react-server condition (the `agency:approve` script
 * sets it), and migrate/seed must keep working without it.
 */
async function approveAgency(db: Database, email: string): Promise<void> {
  const [{ approveAgencyOfAdmin }, { isDomainError }] = await Promise.all([import('@/server/account/approve-agency'), import('@/server/errors')]);
  try {
    const approval = await approveAgencyOfAdmin(db, email);
    console.info(`[agency] ${approval.agencyName}: ${approval.approved ? 'approved' : 'not pending, unchanged'}`);
  } catch (error) {
    throw isDomainError(error, 'notFound') ? new Error(`No user with the e-mail ${email}`) : error;
  }
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
