import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

// Per request: every console page reads the staff session.
export const dynamic = 'force-dynamic';

/** The operator console lives on the main host only; white-label hosts have none. */
export default async function OpsRootLayout({ children, params }: { children: ReactNode; params: SiteParams }) {
  const { variant } = await resolveSiteParams(params);
  if (variant !== 'main') notFound();
  return children;
}
