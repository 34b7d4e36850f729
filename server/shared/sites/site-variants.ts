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

/** Unknown hosts get the main variant. */
export function variantForHost(host: string | null, hosts: HostsConfig): Variant {
  if (!host) return 'main';
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return hosts[name] ?? 'main';
}
