import { apiReferenceScript } from '@/server/http/api-reference-script';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/** Scalar's standalone API reference, served from our own node_modules (never a CDN) for `/api/docs`. */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () =>
    new Response(await apiReferenceScript(), {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
    }),
});
