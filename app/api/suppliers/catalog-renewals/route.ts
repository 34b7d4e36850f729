import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';
import { CATALOG_RENEWAL_SIGNATURE_HEADER, renewSignedCatalogPages } from '@/server/suppliers/sync/catalog-renewal';

/**
 * The scheduled supplier re-sync expires the pages of the tours it withdrew through this
 * (server/suppliers/sync/catalog-renewal.ts): signed with a secret only the portal knows; 403 for
 * anyone else, nothing expired.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'raw', maxBytes: 64 * 1024, schema: RAW_BYTES },
  run: async ({ body }, { request }) => renewSignedCatalogPages(new TextDecoder().decode(body), request.headers.get(CATALOG_RENEWAL_SIGNATURE_HEADER)),
});
