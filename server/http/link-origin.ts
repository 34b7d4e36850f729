import 'server-only';
import { parseHostsConfig } from '@/server/shared/sites/site-variants';

const KNOWN_HOSTS = parseHostsConfig(process.env.HOSTS);
const HOST_PATTERN = /^[a-z0-9.-]+(?::\d{1,5})?$/;

/**
 * The origin of the links in account e-mails: the host the visitor used, so a Russian-domain
 * visitor gets a Russian-domain link. Only hosts the portal serves (HOSTS) are trusted; any other
 * Host header falls back to AUTH_URL, so a forged header cannot point a reset link, and its
 * token, at another site.
 */
export function linkOrigin(headers: Headers, env: Record<string, string | undefined> = process.env, hosts = KNOWN_HOSTS): string {
  const host = (headers.get('x-forwarded-host') ?? headers.get('host'))?.split(',')[0]?.trim().toLowerCase();
  if (!host || !HOST_PATTERN.test(host)) return fallbackOrigin(env);
  const name = host.replace(/:\d+$/, '');
  if (!Object.hasOwn(hosts, name)) return fallbackOrigin(env);
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const protocol = forwarded === 'http' || forwarded === 'https' ? forwarded : isLoopback(name) ? 'http' : 'https';
  return `${protocol}://${host}`;
}

function fallbackOrigin(env: Record<string, string | undefined>): string {
  try {
    return new URL(env.AUTH_URL ?? 'http://localhost:3000').origin;
  } catch {
    return 'http://localhost:3000';
  }
}

function isLoopback(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1';
}
