import 'server-only';
import { z } from 'zod';
import { OWN_SERVER_SIGNATURE_HEADER, ownServerSecret, postToOwnServer, readSignedBody } from '@/server/http/own-server-requests';
import { HOST_NAME } from '@/shared/widgets/widget-schema';
import { revalidateWidget } from './widget-site';

// A job that changes what a widget's domain serves (the periodic DNS re-check failing a domain)
// asks the portal's own server to renew those sites (server/http/own-server-requests.ts); the
// server renews them as the editor's save does. Without it a failed domain's site stayed cached
// for up to an hour.

export const SITE_RENEWAL_PATH = '/api/widgets/site-renewals';
export const SITE_RENEWAL_SIGNATURE_HEADER = OWN_SERVER_SIGNATURE_HEADER;

export type RenewedSite = { id: string; domain: string | null };

const BATCH = 100;
const renewalSchema = z.object({
  sites: z.array(z.object({ id: z.uuid(), domain: z.string().regex(HOST_NAME).nullable() })).min(1).max(BATCH),
});

export function siteRenewalSecret(env: NodeJS.ProcessEnv = process.env): string {
  return ownServerSecret('widget-site-renewal', env);
}

/** From a job: renews `sites` on this process's server. Throws when the server did not. */
export async function requestSiteRenewal(sites: RenewedSite[], { origin, secret = siteRenewalSecret() }: { origin?: string; secret?: string } = {}): Promise<void> {
  await postToOwnServer('sites', sites, { path: SITE_RENEWAL_PATH, secret, origin, batch: BATCH, what: 'Renewing widget sites' });
}

/** The server's side: renews the sites a signed request names. A request not signed by this portal changes nothing. */
export function renewSignedSites(body: string, signature: string | null, secret = siteRenewalSecret()): { renewed: number } {
  const { sites } = readSignedBody(body, signature, secret, renewalSchema);
  for (const site of sites) revalidateWidget(site);
  return { renewed: sites.length };
}
