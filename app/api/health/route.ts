import { checkDatabase } from '@/server/db/readiness';
import { PUBLIC, runRoute } from '@/server/http/run-route';

export const dynamic = 'force-dynamic';

/** Readiness: the server answers and its database does (503 'Server is under maintenance' when it does not). */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => {
    const { driver } = await checkDatabase();
    return { ok: true, database: driver };
  },
});
