import 'server-only';
import { parseHostsConfig, type Variant, variantForHost } from '@/server/shared/sites/site-variants';

const hosts = parseHostsConfig(process.env.HOSTS);

/** The variant of a request outside the [locale]/[variant] tree (sitemap.xml, robots.txt), from its host. */
export function variantOfRequest(request: Request): Variant {
  return variantForHost(request.headers.get('host'), hosts);
}
