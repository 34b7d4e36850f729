// The API workload's keys: one per agency of the given agents, made by that agency's admin through
// the domain's own `createApiKey` (scopes `catalogue`, `book` and `octo` for the OCTO load, a day long), on the database the
// portal will use. Prints `{ "<agent e-mail>": "<secret>" }` on stdout: each agent's agency key.
// `DATA_DIR=… npx tsx --conditions=react-server bench/make-api-keys.ts <agent e-mail>…` (or
// DATABASE_URL=…). On the embedded database run it BEFORE the portal opens the directory; run
// bench/fund-agencies.ts first, which migrates and seeds.
import { and, eq, inArray } from 'drizzle-orm';
import { agencyApprovedColumn } from '../server/account/agency-standing';
import { createApiKey } from '../server/api-access/api-keys';
import { databaseConfigFromEnv, openDatabase } from '../server/db/connection';
import { agencies, users } from '../server/db/schema';

async function main(emails: string[]) {
  if (emails.length === 0) throw new Error('Usage: tsx bench/make-api-keys.ts <agent e-mail>…');
  const connection = await openDatabase(databaseConfigFromEnv());
  try {
    const { db } = connection;
    const agents = await db.select({ email: users.email, agencyId: users.agencyId }).from(users).where(inArray(users.email, emails));
    const secrets: Record<string, string> = {};
    const byAgency = new Map<string, string>();
    for (const { email, agencyId } of agents) {
      if (!agencyId) continue;
      let secret = byAgency.get(agencyId);
      if (!secret) {
        const [admin] = await db
          .select({ userId: users.id, email: users.email, name: users.name, role: users.role, agencyId: agencies.id, agencyName: agencies.name, agencyApproved: agencyApprovedColumn })
          .from(users)
          .innerJoin(agencies, eq(agencies.id, users.agencyId))
          .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin')))
          .limit(1);
        if (!admin) throw new Error(`agency ${agencyId} has no admin to make its key`);
        ({ secret } = await createApiKey(db, admin, { name: 'Benchmark', scopes: ['catalogue', 'book', 'octo'], expiresInDays: 1 }));
        byAgency.set(agencyId, secret);
      }
      secrets[email] = secret;
    }
    process.stdout.write(JSON.stringify(secrets));
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error('[bench:keys] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
