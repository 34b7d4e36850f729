import { PUBLIC, runRoute } from '@/server/http/run-route';
import { openApiDocument } from '@/server/http/openapi';
import { API_ROUTES } from '../routes';

/** Built once per process: the routes do not change while it runs. */
let document: ReturnType<typeof openApiDocument> | undefined;

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the routes' own schemas; public, like the
 * reference at `/api/docs` that renders it.
 */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => {
    document ??= openApiDocument(API_ROUTES);
    return Response.json(document, { headers: { 'cache-control': 'public, max-age=300' } });
  },
});
