// The booking workload pays from the agencies' balances: without money of their own, the demo
// agencies' credit ran out within seconds and the balance floor measured refusals. Before the
// measurement this credits each agency of the given agents through the ledger's own `creditAgency`
// (an adjustment, as the operator's console posts one), on the database the portal will use.
// `DATA_DIR=… npx tsx --conditions=react-server bench/fund-agencies.ts <amount in AED> <agent e-mail>…`
// (or DATABASE_URL=…). On the embedded database run it BEFORE the portal opens the directory;
// migrates and seeds the demo first, as the portal's start would, so the agencies exist.
import { inArray } from 'drizzle-orm';
import { databaseConfigFromEnv, openDatabase } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';
import { users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { creditAgency } from '../server/ledger/ledger';

async function main(amountAed: number, emails: string[]) {
  if (!Number.isInteger(amountAed) || amountAed <= 0 || emails.length === 0) {
    throw new Error('Usage: tsx bench/fund-agencies.ts <whole AED amount> <agent e-mail>…');
  }
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    await migrateDatabase(connection);
    await seedDemoData(connection.db, { today: new Date() });
    const agents = await connection.db.select({ agencyId: users.agencyId }).from(users).where(inArray(users.email, emails));
    const agencyIds = [...new Set(agents.map((agent) => agent.agencyId).filter((id): id is string => id !== null))];
    if (agencyIds.length === 0) throw new Error(`none of ${emails.join(', ')} has an agency`);
    for (const agencyId of agencyIds) {
      const posted = await connection.db.transaction((tx) =>
        creditAgency(tx, { agencyId, kind: 'adjustment', amountMinor: amountAed * 100, description: 'Benchmark funds for the booking workload' }),
      );
      console.error(`[bench:fund] agency ${agencyId}: AED ${amountAed} credited, balance ${posted.balanceAfterMinor / 100}`);
    }
  } finally {
    await connection.close();
  }
}

const [amount, ...emails] = process.argv.slice(2);
main(Number(amount), emails).catch((error: unknown) => {
  console.error('[bench:fund] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
