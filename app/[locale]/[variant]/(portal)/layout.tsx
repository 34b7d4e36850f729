import type { ReactNode } from 'react';
import { AgencyStandingBanner } from '@/components/shell/agency-standing-banner';
import { SiteShell } from '@/components/shell/site-shell';
import { loadAgencyStatus } from '@/server/account/agency-standing';
import { auth } from '@/server/auth/auth';
import { getPrincipal } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { loadSiteShellSettings } from '@/server/settings/site-shell-settings';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

// Per request: it reads the session or the query string.
export const dynamic = 'force-dynamic';

/**
 * Signed-in pages render per request. The session is handed to the client so the header needs
 * no round trip; access itself is checked by each page (requirePageAccess), not here. An agency
 * the operator has not approved sees on every page that it waits and what happens next.
 */
export default async function PortalLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: SiteParams;
}) {
  const [{ variant }, session, principal] = await Promise.all([resolveSiteParams(params), auth(), getPrincipal()]);
  // The agency's standing is read only for one not approved (the principal carries the flag).
  const [status, settings] = await Promise.all([
    principal && !principal.agencyApproved ? loadAgencyStatus(await getDb(), principal.agencyId) : null,
    loadSiteShellSettings(variant),
  ]);
  return (
    <SiteShell variant={variant} session={session} settings={settings}>
      {status === 'pending' || status === 'rejected' ? <AgencyStandingBanner status={status} /> : null}
      {children}
    </SiteShell>
  );
}
