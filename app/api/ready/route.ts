import { PUBLIC, routeJson, runRoute } from '@/server/http/run-route';
import { checkReadiness } from '@/server/lifecycle/readiness';

export const dynamic = 'force-dynamic';

/**
 * Readiness: 200 when this process can serve (database, migrations, Redis when configured, its
 * job runner), else 503 naming the checks that failed; 503 `shutdown` from the moment it was told
 * to stop. Never cached: every answer is `private, no-store`.
 */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => {
    const readiness = await checkReadiness();
    return readiness.ok ? readiness : routeJson(readiness, { status: 503 });
  },
});
