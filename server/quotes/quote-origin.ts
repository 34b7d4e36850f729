import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { localizedPath, type Locale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { widgets } from '@/server/db/schema';
import { linkOrigin, widgetDomainOrigin } from '@/server/http/link-origin';
import { hostName, isWidgetHost, parseHostsConfig } from '@/shared/sites/site-variants';
import { SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';

// Where a quote's page is opened: on the portal's hosts, or on the agency's own widget site (its
// verified domain), so the guest never leaves the agency's brand. An origin is only ever one of
// ours or a domain the agency verified, never what a header says.

const HOSTS = parseHostsConfig(process.env.HOSTS);

/** The guest page's path of a quote's token, in the quote's language. */
export function guestQuotePath(locale: Locale, token: string): string {
  return localizedPath(locale, `/quote/${token}`);
}

/** The agency's live site widget domain, if it has verified one (the first, by name). */
export async function agencyWidgetDomain(db: Database, agencyId: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: widgets.domain })
    .from(widgets)
    .where(and(eq(widgets.agencyId, agencyId), eq(widgets.domainStatus, 'verified'), isNull(widgets.deletedAt), inArray(widgets.type, [...SITE_WIDGET_TYPES])))
    .orderBy(widgets.name)
    .limit(1);
  return row?.domain ?? null;
}

/** The links an agent sends: on the portal's main host, and on the agency's own site when it has one. */
export async function guestQuoteLinks(db: Database, requestHeaders: Headers, quote: { agencyId: string; locale: Locale; token: string }): Promise<{ portal: string; site: string | null }> {
  const path = guestQuotePath(quote.locale, quote.token);
  const domain = await agencyWidgetDomain(db, quote.agencyId);
  return { portal: `${linkOrigin(requestHeaders)}${path}`, site: domain ? `${widgetDomainOrigin(domain)}${path}` : null };
}

/**
 * The origin the guest paid from, for the provider's return: the agency's verified widget domain
 * when the request came there, else the portal host's configured origin.
 */
export async function payerOrigin(db: Database, requestHeaders: Headers, agencyId: string): Promise<string> {
  const host = hostName(requestHeaders.get('x-forwarded-host')?.split(',')[0]?.trim() ?? requestHeaders.get('host'));
  if (host && isWidgetHost(host, HOSTS)) {
    const [row] = await db
      .select({ id: widgets.id })
      .from(widgets)
      .where(and(eq(widgets.agencyId, agencyId), eq(widgets.domain, host), eq(widgets.domainStatus, 'verified'), isNull(widgets.deletedAt)))
      .limit(1);
    if (row) return widgetDomainOrigin(host);
  }
  return linkOrigin(requestHeaders);
}
