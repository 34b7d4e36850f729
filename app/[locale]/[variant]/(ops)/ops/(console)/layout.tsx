import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { OpsShell } from '@/components/ops/ops-shell';
import { localizedPath } from '@/i18n/locales';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { getStaffPrincipal } from '@/server/staff/staff-principal';

/**
 * The console's frame. Each page checks its own section's permission first (requireOpsPage);
 * this only refuses anyone who is not signed in as staff, agents included.
 */
export default async function OpsConsoleLayout({ children, params }: { children: ReactNode; params: SiteParams }) {
  const [{ locale }, staff] = await Promise.all([resolveSiteParams(params), getStaffPrincipal()]);
  if (!staff) redirect(localizedPath(locale, '/ops/sign-in'));
  return (
    <OpsShell staff={staff} locale={locale}>
      {children}
    </OpsShell>
  );
}
