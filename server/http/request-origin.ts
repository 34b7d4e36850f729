import 'server-only';
import { headers } from 'next/headers';
import { parseHostsConfig } from '@/server/sites/site-variants';

const knownHosts = parseHostsConfig(process.env.HOSTS);

/**
 * The origin links in e-mails point to: the host the admin is using, when it is one of ours.
 * A forged Host header must not turn an invitation into a link to someone else's site, so an
 * unknown host falls back to AUTH_URL (else the local default).
 */
export async function requestOrigin(): Promise<string> {
  const list = await headers();
  const host = (list.get('x-forwarded-host') ?? list.get('host'))?.split(',')[0]?.trim().toLowerCase();
  const proto = list.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const fallback = process.env.AUTH_URL && URL.canParse(process.env.AUTH_URL) ? new URL(process.env.AUTH_URL) : new URL('http://localhost:3000');
  if (!host || !/^[a-z0-9.-]+(:\d{1,5})?$/.test(host)) return fallback.origin;
  const name = host.replace(/:\d+$/, '');
  if (!Object.hasOwn(knownHosts, name) && name !== fallback.hostname) return fallback.origin;
  return `${proto === 'https' || proto === 'http' ? proto : fallback.protocol.replace(':', '')}://${host}`;
}
