import 'server-only';
import { parseHostsConfig, type Variant, variantForHost } from '@/server/shared/sites/site-variants';

const hosts = parseHostsConfig(process.env.HOSTS);

/** The variant of a request that bypasses the proxy (sitemap.xml, robots.txt). */
export function variantOfRequest(request: Request): Variant {
  return variantForHost(request.headers.get('host'), hosts);
}
