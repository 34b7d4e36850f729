import 'server-only';
import { isWidgetHost, parseHostsConfig, type Variant, variantForHost } from '@/shared/sites/site-variants';

const hosts = parseHostsConfig(process.env.HOSTS);

/** The variant of a request outside the [locale]/[variant] tree (sitemap.xml, robots.txt), from its host. */
export function variantOfRequest(request: Request): Variant {
  return variantForHost(request.headers.get('host'), hosts);
}

/** The Host of a request to a widget's domain (sitemap.xml, robots.txt answer for its site), else null. */
export function widgetHostOfRequest(request: Request): string | null {
  const host = request.headers.get('host');
  return isWidgetHost(host, hosts) ? host : null;
}
