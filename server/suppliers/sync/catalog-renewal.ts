import 'server-only';
import { z } from 'zod';
import { expireCatalogPages } from '@/server/catalog/catalog-changes';
import { Forbidden } from '@/server/errors';
import { bodySignatureProblem, signBody } from '@/server/http/signed-body';

// Next expires cached pages only inside a request (revalidateTag needs one), and the scheduled
// re-sync runs in none. When it withdraws a product, the pages that showed its tour are expired by
// a request to the portal's own server, signed with a secret derived from AUTH_SECRET (as the
// widget sites' renewal does, server/widgets/sites/site-renewal.ts); without it a withdrawn tour
// stayed on its cached pages until their hourly refresh.

export const CATALOG_RENEWAL_PATH = '/api/suppliers/catalog-renewals';
export const CATALOG_RENEWAL_SIGNATURE_HEADER = 'traveldesk-signature';

const MAX_TAGS = 500;

const renewalSchema = z.object({
  tags: z
    .array(z.string().regex(/^catalog:[a-z0-9:-]{1,200}$/))
    .min(1)
    .max(MAX_TAGS),
});

export function catalogRenewalSecret(env: NodeJS.ProcessEnv = process.env): string {
  return `supplier-catalog-renewal:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

/** This process's own server: `next start` sets PORT to the port it listens on. */
function ownServer(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${env.PORT ?? '3000'}`;
}

/** From a job: expires the catalogue pages tagged `tags` on this process's server. Throws when the server did not. */
export async function requestCatalogRenewal(tags: readonly string[], { origin = ownServer(), secret = catalogRenewalSecret() } = {}): Promise<void> {
  for (let start = 0; start < tags.length; start += MAX_TAGS) {
    const body = JSON.stringify({ tags: tags.slice(start, start + MAX_TAGS) });
    const response = await fetch(new URL(CATALOG_RENEWAL_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CATALOG_RENEWAL_SIGNATURE_HEADER]: signBody(body, secret) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Renewing catalogue pages answered ${response.status}`);
  }
}

/** The server's side: expires the pages a signed request names. A request not signed by this portal changes nothing. */
export function renewSignedCatalogPages(body: string, signature: string | null, secret = catalogRenewalSecret()): { renewed: number } {
  if (bodySignatureProblem(body, signature, secret) !== null) throw new Forbidden();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = null;
  }
  const { tags } = renewalSchema.parse(value);
  expireCatalogPages(tags);
  return { renewed: new Set(tags).size };
}
