import 'server-only';
import { sql } from 'drizzle-orm';
import { getConnection } from './database';

/** Readiness: the database answers a trivial query. Throws what the driver throws when it cannot. */
export async function checkDatabase(): Promise<{ driver: string }> {
  const connection = await getConnection();
  await connection.db.execute(sql`select 1`);
  return { driver: connection.driver };
}
