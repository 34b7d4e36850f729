import { NextRequest } from 'next/server';
import { authRouteHandlers } from '@/server/auth/auth-route';
import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';

// Auth.js answers its own calls (spec §7 "Authentication calls"), after the check of an ended
// session; runRoute only puts its body cap, origin check and error answers around them, and hands
// the request on as it came.

const asNextRequest = (request: Request) => (request instanceof NextRequest ? request : new NextRequest(request));

export const GET = runRoute({ permission: PUBLIC, run: async (_input, { request }) => authRouteHandlers.GET(asNextRequest(request)) });

export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'raw', maxBytes: 64 * 1024, schema: RAW_BYTES },
  run: async ({ body }, { request }) =>
    authRouteHandlers.POST(new NextRequest(request.url, { method: 'POST', headers: request.headers, body })),
});
