import 'server-only';
import { and, eq } from 'drizzle-orm';
import { cache } from 'react';
import type { Locale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { agencies, widgets } from '@/server/db/schema';
import { type Currency, type ExchangeRates, isCurrency } from '@/shared/money/money';
import { HOST_NAME, offersShownFor } from '@/shared/widgets/widget-schema';
import { channelCondition, type WidgetChannel } from '../guest-bookings/widget-sale';
import { loadWidgetOffers, loadWidgetRates, type WidgetSiteOffer } from '../sites/widget-site';

// A widget framed on its agency's own pages: what the embed's ticket and checkout
// pages show. The embed is named by its widget id and the host name of the page framing it, and
// shown only when that host is the widget's verified domain: the same condition its guest
// bookings use (channelCondition), so the page never offers what the booking would refuse, and
// no id makes it show another agency's widget on a stranger's page. Read per request, uncached:
// the pages render per request anyway (the proxy gives them a nonce and their frame-ancestors),
// and a widget unverified, deleted or repriced must show so at once, as the booking reads it live.

/** An embed as its page's query names it: the widget and the host name of the framing page. */
export type EmbedChannel = Extract<WidgetChannel, { widgetId: string }>;

export type EmbedWidgetType = 'embedded' | 'multi_tour_embedded';

export type EmbedWidget = {
  id: string;
  name: string;
  /** `embedded` shows one tour's tickets, `multi_tour_embedded` several tours'. */
  type: EmbedWidgetType;
  /** The verified domain: the only host whose pages show this embed. */
  domain: string;
  /** The widget's language, in which the embed shows its texts, names and dates. */
  locale: Locale;
  currency: Currency;
  rates: ExchangeRates | null;
  offersTitle: string;
  /** At the guest's prices (AED fils), in the agency's order; never the b2b cost. */
  offers: WidgetSiteOffer[];
};

const WIDGET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Query = Record<string, string | string[] | undefined>;

/** One value of a query parameter; a repeated one names nothing. */
export function queryValue(query: Query, name: string): string | null {
  const value = query[name];
  return typeof value === 'string' ? value : null;
}

/**
 * The embed a page's query names (`?widget=<id>&site=<host>`), or null when it cannot name one: a
 * malformed id or host name is refused here, before querying.
 */
export function embedChannelOf(query: Query): EmbedChannel | null {
  const widgetId = queryValue(query, 'widget')?.toLowerCase() ?? '';
  const site = queryValue(query, 'site')?.toLowerCase() ?? '';
  return WIDGET_ID.test(widgetId) && HOST_NAME.test(site) ? { widgetId, site } : null;
}

/** The query naming an embed, for its links (checkout, booking, voucher). */
export function embedQuery(channel: EmbedChannel, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ widget: channel.widgetId, site: channel.site, ...extra }).toString();
}

/**
 * The embedded widget of the channel: verified, not deleted, of an embed type, its domain the
 * channel's site, of an agency the operator keeps open; else null.
 */
export async function loadEmbedWidgetFrom(db: Database, channel: EmbedChannel): Promise<EmbedWidget | null> {
  if (!WIDGET_ID.test(channel.widgetId) || !HOST_NAME.test(channel.site.toLowerCase())) return null;
  const [widget] = await db
    .select({
      id: widgets.id,
      name: widgets.name,
      type: widgets.type,
      domain: widgets.domain,
      locale: widgets.locale,
      currency: widgets.currency,
      offersTitle: widgets.offersTitle,
      discountPercent: widgets.discountPercent,
    })
    .from(widgets)
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .where(and(channelCondition(channel), eq(agencies.status, 'active')))
    .limit(1);
  if (!widget || widget.domain === null || (widget.type !== 'embedded' && widget.type !== 'multi_tour_embedded')) return null;
  const currency = isCurrency(widget.currency) ? widget.currency : 'AED';
  const [offers, rates] = await Promise.all([loadWidgetOffers(db, widget, widget.locale), loadWidgetRates(db, currency)]);
  return {
    id: widget.id,
    name: widget.name,
    type: widget.type,
    domain: widget.domain,
    locale: widget.locale,
    currency,
    rates,
    offersTitle: widget.offersTitle,
    offers: offersShownFor(widget.type, offers),
  };
}

/** The embedded widget of the channel, read once per request however many components ask. */
export const loadEmbedWidget = cache(async (widgetId: string, site: string): Promise<EmbedWidget | null> => loadEmbedWidgetFrom(await getDb(), { widgetId, site }));
