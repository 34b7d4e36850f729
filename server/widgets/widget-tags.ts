import 'server-only';

// Cache tags of widget sites, named in one place: the site serving caches under them and the
// widget changes (editor, domain verification) revalidate them.

/** What a host name serves: which widget, if its domain is verified. */
export function widgetHostTag(host: string): string {
  return `widget-host:${host}`;
}

/** One widget's site content. */
export function widgetTag(id: string): string {
  return `widget:${id}`;
}
