// Host variants (spec §1): chosen by host name, configured by the HOSTS environment variable.
// Pure: compiled into the build's rewrites (next.config.ts) and read by the browser, so no I/O here.

export const VARIANTS = ['main', 'second', 'russian'] as const;
export type Variant = (typeof VARIANTS)[number];

export type VariantFeatures = {
  search: boolean;
  telegram: boolean;
  topDestinations: boolean;
  defaultLocale: 'en' | 'ru';
  defaultCurrency: 'AED' | 'USD';
};

export const VARIANT_FEATURES: Record<Variant, VariantFeatures> = {
  main: { search: true, telegram: true, topDestinations: true, defaultLocale: 'en', defaultCurrency: 'AED' },
  second: { search: false, telegram: false, topDestinations: false, defaultLocale: 'en', defaultCurrency: 'AED' },
  russian: { search: true, telegram: true, topDestinations: true, defaultLocale: 'ru', defaultCurrency: 'USD' },
};

export type HostsConfig = Readonly<Record<string, Variant>>;

export const DEFAULT_HOSTS: HostsConfig = {
  localhost: 'main',
  '127.0.0.1': 'main',
  'partner.localhost': 'second',
  'ru.localhost': 'russian',
};

export function isVariant(value: unknown): value is Variant {
  return typeof value === 'string' && (VARIANTS as readonly string[]).includes(value);
}

/**
 * `HOSTS` is JSON mapping host names to variants, e.g. `{"b2b.example.com":"main"}`; it replaces
 * the defaults. Invalid configuration fails loudly at start rather than serving the wrong brand.
 */
export function parseHostsConfig(json: string | undefined): HostsConfig {
  if (!json) return DEFAULT_HOSTS;
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('HOSTS must be a JSON object of host name to variant.');
  }
  const hosts: Record<string, Variant> = {};
  for (const [host, variant] of Object.entries(parsed)) {
    if (!isVariant(variant)) throw new Error(`HOSTS: "${host}" has unknown variant "${String(variant)}".`);
    hosts[host.toLowerCase()] = variant;
  }
  return hosts;
}

/** A Host header's name: lower case, without the port. */
export function hostName(host: string | null): string | null {
  if (!host) return null;
  return host.trim().toLowerCase().replace(/:\d+$/, '') || null;
}

/**
 * The features of a host's variant. A host it does not know gets the main variant's: a call to the
 * API on a widget's domain (its pages are the widget site's, which never ask, see isWidgetHost).
 */
export function variantForHost(host: string | null, hosts: HostsConfig): Variant {
  const name = hostName(host);
  return name !== null && Object.hasOwn(hosts, name) ? hosts[name]! : 'main';
}

/** A host name as Next hands it to route conditions (lower case, no port); anything else is routed as no host. */
export const ROUTABLE_HOST = '[a-z0-9.-]+';
const ROUTABLE = new RegExp(`^${ROUTABLE_HOST}$`);

/**
 * Whether a request's host is served by the widget site tree: a host name that is not
 * one of the configured hosts. Widget domains are added at run time, so every other name goes to
 * the tree, which looks it up and answers "not found" where no widget has verified the domain.
 */
export function isWidgetHost(host: string | null, hosts: HostsConfig): boolean {
  const name = hostName(host);
  return name !== null && ROUTABLE.test(name) && !Object.hasOwn(hosts, name);
}

/**
 * What an agency's widget domain can look like (widget-schema's HOST_NAME, loosely): two labels or
 * more, the last one starting with a letter, so never an IP address or a single-label name such
 * as `localhost`, the names the server's own requests to itself use. A regular expression source.
 */
export const WIDGET_DOMAIN_SHAPE = '(?:[a-z0-9-]+\\.)+[a-z][a-z0-9-]*';
