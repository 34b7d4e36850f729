// Links a widget site's pages make to its own host. Pure.

/**
 * Where an offer's "Book" button goes: the guest checkout on the site's own host. The checkout is
 * built later; until then this path is answered by the site's "page not found".
 */
export function widgetBookPath(offerId: string): string {
  return `/book/${offerId}`;
}

/** A widget site's title: the agency's meta title, else the widget's name. */
export function widgetSiteTitle(site: { metaTitle: string; name: string }): string {
  return site.metaTitle || site.name;
}
