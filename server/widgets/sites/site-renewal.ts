import 'server-only';
import { z } from 'zod';
import { Forbidden } from '@/server/errors';
import { bodySignatureProblem, signBody } from '@/server/http/signed-body';
import { HOST_NAME } from '@/shared/widgets/widget-schema';
import { revalidateWidget } from './widget-site';

// Next renews its cached pages and data only inside a request (revalidateTag needs one), and a
// background job runs in none. A job that changes what a widget's domain serves (the periodic DNS
// re-check failing a domain) therefore asks the portal's own server to renew those sites, by a
// request signed with a secret derived from AUTH_SECRET; the server renews them as the editor's
// save does. Without it a failed domain's site stayed cached for up to an hour.

export const SITE_RENEWAL_PATH = '/api/widgets/site-renewals';
export const SITE_RENEWAL_SIGNATURE_HEADER = 'traveldesk-signature';

export type RenewedSite = { id: string; domain: string | null };

const renewalSchema = z.object({
  sites: z.array(z.object({ id: z.uuid(), domain: z.string().regex(HOST_NAME).nullable() })).min(1).max(100),
});

export function siteRenewalSecret(env: NodeJS.ProcessEnv = process.env): string {
  return `widget-site-renewal:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

/** This process's own server: `next start` sets PORT to the port it listens on. */
function ownServer(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${env.PORT ?? '3000'}`;
}

/** From a job: renews `sites` on this process's server. Throws when the server did not. */
export async function requestSiteRenewal(sites: RenewedSite[], { origin = ownServer(), secret = siteRenewalSecret() } = {}): Promise<void> {
  for (let start = 0; start < sites.length; start += 100) {
    const body = JSON.stringify({ sites: sites.slice(start, start + 100) });
    const response = await fetch(new URL(SITE_RENEWAL_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SITE_RENEWAL_SIGNATURE_HEADER]: signBody(body, secret) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Renewing widget sites answered ${response.status}`);
  }
}

/** The server's side: renews the sites a signed request names. A request not signed by this portal changes nothing. */
export function renewSignedSites(body: string, signature: string | null, secret = siteRenewalSecret()): { renewed: number } {
  if (bodySignatureProblem(body, signature, secret) !== null) throw new Forbidden();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    value = null;
  }
  const { sites } = renewalSchema.parse(value);
  for (const site of sites) revalidateWidget(site);
  return { renewed: sites.length };
}
