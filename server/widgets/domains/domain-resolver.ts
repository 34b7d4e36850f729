import 'server-only';
import { Resolver } from 'node:dns/promises';
import { parseHostsConfig } from '@/shared/sites/site-variants';
import {
  type DnsFindings,
  type DnsLookup,
  type DnsLookupError,
  type DomainExpectation,
  normalizeHostName,
  txtRecordName,
} from '@/shared/widgets/domain-verification';

// Looks a widget domain's records up in DNS. Configured by the environment, read at each check
// (tests point it at their own DNS server after the module is loaded):
//   WIDGET_DNS_SERVERS     comma-separated `host:port` (IPv6 as `[addr]:port`); the system's by default
//   WIDGET_DNS_TIMEOUT_MS  per try, default 3000
//   WIDGET_CNAME_TARGET    the host a domain's CNAME must name (see `widgetCnameTarget`)
//   WIDGET_A_RECORDS       comma-separated IPv4 addresses an apex domain may point at instead

const DEFAULT_TIMEOUT_MS = 3000;
/** A second try rides out one lost UDP packet; more would only keep the agency waiting. */
const TRIES = 2;

/** process.env, or the few variables a test passes. */
type Environment = Readonly<Record<string, string | undefined>>;

export type DomainResolverConfig = {
  /** Null: the system's resolvers. */
  servers: string[] | null;
  timeoutMs: number;
  tries: number;
};

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function domainResolverConfig(env: Environment = process.env): DomainResolverConfig {
  const servers = list(env.WIDGET_DNS_SERVERS);
  const timeoutMs = Number(env.WIDGET_DNS_TIMEOUT_MS);
  return {
    servers: servers.length > 0 ? servers : null,
    timeoutMs: Number.isInteger(timeoutMs) && timeoutMs > 0 ? timeoutMs : DEFAULT_TIMEOUT_MS,
    tries: TRIES,
  };
}

/**
 * The portal's widget host, which an agency's domain names in its CNAME: WIDGET_CNAME_TARGET, or
 * `widgets.` before the first main-variant host of HOSTS (`widgets.localhost` by default). One
 * function, so the editor shows the same target the check expects.
 */
export function widgetCnameTarget(env: Environment = process.env): string {
  const configured = env.WIDGET_CNAME_TARGET?.trim();
  if (configured) return normalizeHostName(configured);
  const mainHost = Object.entries(parseHostsConfig(env.HOSTS)).find(([, variant]) => variant === 'main')?.[0] ?? 'localhost';
  return `widgets.${mainHost}`;
}

/** The addresses an apex domain may point at instead of a CNAME; empty when the portal offers none. */
export function widgetApexAddresses(env: Environment = process.env): string[] {
  return list(env.WIDGET_A_RECORDS);
}

export function domainExpectation(token: string, env: Environment = process.env): DomainExpectation {
  return { token, cnameTarget: widgetCnameTarget(env), aRecords: widgetApexAddresses(env) };
}

/** c-ares error codes (node:dns) as the answers they stand for. */
const LOOKUP_ERRORS: Record<string, DnsLookupError> = {
  ENOTFOUND: 'nxdomain',
  ENODATA: 'noRecords',
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ECONNREFUSED: 'unreachable',
};

async function lookUp(query: () => Promise<string[]>): Promise<DnsLookup> {
  try {
    return { records: await query(), error: null };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { records: [], error: (typeof code === 'string' ? LOOKUP_ERRORS[code] : undefined) ?? 'resolverError' };
  }
}

/** The domain's CNAME, its TXT on `txtRecordName(domain)`, and its A records when apex addresses are offered; asked together. */
export async function lookUpDomainRecords(domain: string, options: { config?: DomainResolverConfig; withAddresses: boolean }): Promise<DnsFindings> {
  const config = options.config ?? domainResolverConfig();
  const resolver = new Resolver({ timeout: config.timeoutMs, tries: config.tries });
  if (config.servers) resolver.setServers(config.servers);
  const [cname, txt, a] = await Promise.all([
    lookUp(() => resolver.resolveCname(domain)),
    // A TXT record may come in several strings (255 bytes each); its value is their concatenation.
    lookUp(async () => (await resolver.resolveTxt(txtRecordName(domain))).map((strings) => strings.join(''))),
    options.withAddresses ? lookUp(() => resolver.resolve4(domain)) : Promise.resolve(null),
  ]);
  return { cname, txt, a };
}
