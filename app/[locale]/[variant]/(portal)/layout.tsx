import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { auth } from '@/server/auth/auth';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';

// Per request: it reads the session or the query string.
export const dynamic = 'force-dynamic';

/**
 * Signed-in pages render per request. The session is handed to the client so the header needs
 * no round trip; access itself is checked by each page (requirePageAccess), not here.
 */
export default async function PortalLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: SiteParams;
}) {
  const [{ variant }, session] = await Promise.all([resolveSiteParams(params), auth()]);
  return (
    <SiteShell variant={variant} session={session}>
      {children}
    </SiteShell>
  );
}
