import { PUBLIC, runRoute } from '@/server/http/run-route';

export const dynamic = 'force-dynamic';

/**
 * Liveness: the process answers. It asks no dependency, so an orchestrator restarts a process
 * only when the process itself is stuck, never because the database is away (readiness,
 * `/api/ready`, says that).
 */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => ({ ok: true }),
});
