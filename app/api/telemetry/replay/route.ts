import { getPrincipal } from '@/server/auth/principal';
import { isDatabaseKnownDown } from '@/server/db/health-state';
import { Maintenance } from '@/server/errors';
import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';
import { replayDecisionQuerySchema, replayUploadQuerySchema, shouldRecord, storeReplayChunk } from '@/server/telemetry/replay/replay-store';
import { REPLAY_MAX_CHUNK_BYTES } from '@/shared/telemetry/replay';

// Session replay's endpoint (docs/telemetry.md "## Replay"), on every host (portal, white-label
// widget domains, embeds: same origin as the page). Anyone's browser may call it; who the agent
// and agency are comes from the session on the server, never from the request.

/** Whether the browser's session is recorded (sampling, the agency's opt-out): asked once per session before rrweb is loaded. */
export const GET = runRoute({
  permission: PUBLIC,
  query: replayDecisionQuerySchema,
  run: async ({ query }, { db }) => {
    if (isDatabaseKnownDown()) throw new Maintenance();
    const principal = await getPrincipal();
    return { record: await shouldRecord(db, query.sessionId, principal?.agencyId ?? null) };
  },
});

/** One chunk of a recording: the gzipped JSON of rrweb events as the body, its session and place in the query. 204. */
export const POST = runRoute({
  permission: PUBLIC,
  query: replayUploadQuerySchema,
  body: { kind: 'raw', maxBytes: REPLAY_MAX_CHUNK_BYTES, schema: RAW_BYTES },
  run: async ({ query, body }, { db, request }) => {
    if (isDatabaseKnownDown()) throw new Maintenance();
    const principal = await getPrincipal();
    const host = (request.headers.get('host') ?? new URL(request.url).host).toLowerCase().slice(0, 255);
    await storeReplayChunk(db, query, body, { host, authUser: principal?.email ?? null, agencyId: principal?.agencyId ?? null });
  },
});
