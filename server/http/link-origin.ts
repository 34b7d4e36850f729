import 'server-only';
import { configuredPublicOrigin, publicOrigin } from '@/server/hosts/seo';
import { hostName, parseHostsConfig, type Variant } from '@/shared/sites/site-variants';

type Env = Readonly<Record<string, string | undefined>>;

const KNOWN_HOSTS = parseHostsConfig(process.env.HOSTS);

/**
 * The origin of the links a request makes (account e-mails, a provider's return URL, the webhook
 * URL): the configured public origin of the host the visitor used, so a Russian-domain visitor
 * gets a Russian-domain link. The request only chooses among configured origins: its host name
 * must be one of HOSTS (any other gets the main origin), and no scheme or port is ever taken from
 * a header, so a forged Host or X-Forwarded-* cannot point a reset link, and its token, elsewhere.
 */
export function linkOrigin(headers: Headers, env: Env = process.env, hosts = KNOWN_HOSTS): string {
  const name = hostName(firstEntry(headers.get('x-forwarded-host')) ?? headers.get('host'));
  if (name === null || !Object.hasOwn(hosts, name)) return mainOrigin(env);
  return hostOrigin(name, hosts[name]!, env);
}

/**
 * A configured host's public origin: its variant's PUBLIC_ORIGINS entry; without one, a local
 * run's default (`http://ru.localhost:<PORT>`), and any other configured name over HTTPS.
 */
export function hostOrigin(name: string, variant: Variant, env: Env = process.env): string {
  return configuredPublicOrigin(variant, env) ?? (isLoopback(name) ? publicOrigin(variant, env) : `https://${name}`);
}

/** The main host's origin: PUBLIC_ORIGINS's, else AUTH_URL's, else a local run's. */
function mainOrigin(env: Env): string {
  const configured = configuredPublicOrigin('main', env);
  if (configured) return configured;
  if (env.AUTH_URL && URL.canParse(env.AUTH_URL)) return new URL(env.AUTH_URL).origin;
  return publicOrigin('main', env);
}

/**
 * The origin of a widget's site on its verified `domain`: served the way the portal's main host
 * is (HTTPS in production; the scheme and port of a local run), never as a request says.
 */
export function widgetDomainOrigin(domain: string, env: Env = process.env): string {
  const portal = new URL(mainOrigin(env));
  return `${portal.protocol}//${domain.toLowerCase()}${portal.port ? `:${portal.port}` : ''}`;
}

function firstEntry(header: string | null): string | null {
  return header?.split(',')[0]?.trim() || null;
}

function isLoopback(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1';
}
