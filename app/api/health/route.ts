import { sql } from 'drizzle-orm';
import { getConnection } from '@/server/db/database';

export const dynamic = 'force-dynamic';

/** Readiness: the server answers and its database does. */
export async function GET() {
  try {
    const connection = await getConnection();
    await connection.db.execute(sql`select 1`);
    return Response.json({ ok: true, database: connection.driver });
  } catch (error) {
    console.error('[health] database check failed', error);
    return Response.json({ ok: false }, { status: 503 });
  }
}
