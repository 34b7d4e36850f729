import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { PRIVATE_HEADERS, runRoute } from '@/server/http/run-route';
import { loadReplayEventsJson } from '@/server/telemetry/replay/replay-store';
import { REPLAY_SESSION_ID } from '@/shared/telemetry/replay';

/** A recording's rrweb events as one JSON array, for the console's player (staff with the telemetry section); 404 for an unknown session. */
export const GET = runRoute({
  permission: 'ops:telemetry',
  params: z.object({ sessionId: z.string().regex(REPLAY_SESSION_ID) }),
  run: async (_input, { db, params }) => {
    const json = await loadReplayEventsJson(db, params.sessionId);
    if (json === null) throw new NotFound();
    return new Response(json, { headers: { ...PRIVATE_HEADERS, 'content-type': 'application/json' } });
  },
});
