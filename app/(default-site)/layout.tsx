import type { ReactNode } from 'react';
import { defaultSiteParams } from '@/server/hosts/variant-params';
import SiteLayout, { generateMetadata as siteMetadata } from '../[locale]/[variant]/layout';
import PublicLayout from '../[locale]/[variant]/(public)/layout';

// The layouts take no route params here: English on the main variant.
const params = defaultSiteParams(Promise.resolve({}));

export { viewport } from '../[locale]/[variant]/layout';
export const revalidate = 86400;

export function generateMetadata() {
  return siteMetadata({ params });
}

/**
 * The main host's tour and city pages in the default language, served without a rewrite
 * (DIRECT_PAGE_PREFIXES in server/routing/route-rules.ts): the same layouts and pages as
 * `[locale]/[variant]/(public)`, given the locale and variant that the rewritten path would carry.
 */
export default function DefaultSiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteLayout params={params}>
      <PublicLayout params={params}>{children}</PublicLayout>
    </SiteLayout>
  );
}
