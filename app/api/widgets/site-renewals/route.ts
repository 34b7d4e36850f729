import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';
import { renewSignedSites, SITE_RENEWAL_SIGNATURE_HEADER } from '@/server/widgets/sites/site-renewal';

/**
 * The portal's own background jobs renew widget sites through this (server/widgets/sites/site-renewal.ts):
 * signed with a secret only the portal knows; 403 for anyone else, nothing renewed.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'raw', maxBytes: 32 * 1024, schema: RAW_BYTES },
  run: async ({ body }, { request }) => renewSignedSites(new TextDecoder().decode(body), request.headers.get(SITE_RENEWAL_SIGNATURE_HEADER)),
});
