import type { ReactNode } from 'react';
import { SiteShell } from '@/components/shell/site-shell';
import { loadSiteShellSettings } from '@/server/settings/site-shell-settings';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

/** Public pages stay static: the header learns about the session in the browser. */
export default async function PublicLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: SiteParams;
}) {
  const { variant } = await resolveSiteParams(params);
  return (
    <SiteShell variant={variant} settings={await loadSiteShellSettings(variant)}>
      {children}
    </SiteShell>
  );
}
