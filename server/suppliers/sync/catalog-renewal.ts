import 'server-only';
import { z } from 'zod';
import { expireCatalogPages } from '@/server/catalog/catalog-changes';
import { OWN_SERVER_SIGNATURE_HEADER, ownServerSecret, postToOwnServer, readSignedBody } from '@/server/http/own-server-requests';

// When the scheduled re-sync withdraws a product, the pages that showed its tour are expired by a
// request to the portal's own server (server/http/own-server-requests.ts); without it a withdrawn
// tour stayed on its cached pages until their hourly refresh.

export const CATALOG_RENEWAL_PATH = '/api/suppliers/catalog-renewals';
export const CATALOG_RENEWAL_SIGNATURE_HEADER = OWN_SERVER_SIGNATURE_HEADER;

const MAX_TAGS = 500;

const renewalSchema = z.object({
  tags: z
    .array(z.string().regex(/^catalog:[a-z0-9:-]{1,200}$/))
    .min(1)
    .max(MAX_TAGS),
});

export function catalogRenewalSecret(env: NodeJS.ProcessEnv = process.env): string {
  return ownServerSecret('supplier-catalog-renewal', env);
}

/** From a job: expires the catalogue pages tagged `tags` on this process's server. Throws when the server did not. */
export async function requestCatalogRenewal(tags: readonly string[], { origin, secret = catalogRenewalSecret() }: { origin?: string; secret?: string } = {}): Promise<void> {
  await postToOwnServer('tags', tags, { path: CATALOG_RENEWAL_PATH, secret, origin, batch: MAX_TAGS, what: 'Renewing catalogue pages' });
}

/** The server's side: expires the pages a signed request names. A request not signed by this portal changes nothing. */
export function renewSignedCatalogPages(body: string, signature: string | null, secret = catalogRenewalSecret()): { renewed: number } {
  const { tags } = readSignedBody(body, signature, secret, renewalSchema);
  expireCatalogPages(tags);
  return { renewed: new Set(tags).size };
}
