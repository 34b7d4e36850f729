import 'server-only';
import { cache } from 'react';
import type { Locale } from '@/i18n/locales';

// What the widget site's layout knows and its not-found page needs: Next gives a not-found page no
// route params, so the layout leaves them here, in a store that lives for one render (React's
// cache, as next-intl keeps the request's locale).

export type WidgetSiteRender = { host: string; locale: Locale };

const current = cache((): { render: WidgetSiteRender | null } => ({ render: null }));

export function rememberWidgetSiteRender(render: WidgetSiteRender): void {
  current().render = render;
}

/** The host and language of the widget site being rendered, or null outside one. */
export function widgetSiteRender(): WidgetSiteRender | null {
  return current().render;
}
