// `npm run db:migrate` and `npm run db:seed`. On the embedded database, stop the portal first:
// the directory lock refuses to open a PGlite directory another process holds.
import { databaseConfigFromEnv, openDatabase } from './connection';
import { migrateDatabase } from './migrate';
import { printDemoSignIns } from './prepare';
import { seedDemoData } from './seed';

async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    throw new Error('Usage: tsx server/db/cli.ts migrate|seed');
  }
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateDatabase(connection);
    if (command === 'seed') {
      await seedDemoData(connection.db, { today: new Date() });
      printDemoSignIns();
    }
    console.info(`[db] ${command} done (${connection.driver})`);
  } finally {
    await connection.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
