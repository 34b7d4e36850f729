import 'server-only';
import { hostName, isWidgetHost, parseHostsConfig, type Variant, variantForHost } from '@/shared/sites/site-variants';

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

/**
 * The host name the client addressed, for what is recorded per host (telemetry): the Host header,
 * or X-Forwarded-Host as a trusted proxy wrote it (the platform keeps no other:
 * server/platform/peer-address.ts); lower case, without the port. `unknown` when it is no host name.
 */
export function requestHostName(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0];
  const name = hostName(forwarded ?? request.headers.get('host'));
  return name !== null && name.length <= 253 && /^[a-z0-9.-]+$/.test(name) ? name : 'unknown';
}
