import 'server-only';
import { widgetHostOfRequest } from '@/server/hosts/request-host';
import type { GuestLinkPlace } from '../guest-bookings/guest-booking-view';
import type { WidgetChannel } from '../guest-bookings/widget-sale';
import { widgetDomainOf } from '../sites/widget-site';
import { embedChannelOf } from './embed-widget';

/**
 * The widget channel a guest's request comes through: an embed's, named by the query
 * (`?widget=&site=`, on the portal, where the embed's payer lands), else the widget site whose
 * domain the Host header names. Null when it names neither: a half or malformed embed query is not
 * taken for the host's site.
 */
export function guestChannelOfRequest(request: Request): WidgetChannel | null {
  const query = new URL(request.url).searchParams;
  if (query.has('widget') || query.has('site')) return embedChannelOf(Object.fromEntries(query));
  const domain = widgetDomainOf(request.headers.get('host') ?? '');
  return domain ? { host: domain } : null;
}

/** Where a guest link is opened: a widget's domain names its site; the portal's own hosts show an embed's bookings. */
export function guestLinkPlaceOfRequest(request: Request): GuestLinkPlace {
  const host = widgetHostOfRequest(request);
  const domain = host ? widgetDomainOf(host) : null;
  return domain ? { host: domain } : 'embed';
}
