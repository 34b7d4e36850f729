import 'server-only';
import { sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import type { Database, Transaction } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { settings } from '@/server/db/schema';
import type { ExchangeRates } from '@/shared/money/money';
import { VARIANTS } from '@/shared/sites/site-variants';
import { DEFAULT_SETTINGS, type Settings, type SiteSettings } from './defaults';

/** The tag of every cached read of the hosts' data (public pages' shell): a save revalidates it. */
export const SITE_SETTINGS_TAG = 'settings:sites';
/** The rouble rate's cached read: the Russian domain's pages and rouble widget sites show prices by it. */
export const DISPLAY_RATES_TAG = 'settings:rates';
/** The refund tiers and fee, shown beside every offer's cancellation policy on the tour pages and in the terms of use. */
export const REFUND_TERMS_TAG = 'settings:refund-terms';

/** The operator's settings; a key the database lacks keeps its default. Never cached: rates change. */
export async function loadSettings(db: Database | Transaction): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value])) as Partial<Settings>;
  // A variant added after the operator saved keeps its default data.
  const sites = Object.fromEntries(VARIANTS.map((variant) => [variant, { ...DEFAULT_SETTINGS.sites[variant], ...stored.sites?.[variant] }])) as Settings['sites'];
  return { ...DEFAULT_SETTINGS, ...stored, sites };
}

/**
 * The refund tiers as loadSettings answers them, from the stored value of their key (null when
 * none is stored), for a caller that reads that one value within a query of its own.
 */
export function refundTiersFrom(stored: Settings['refundTiers'] | null): Settings['refundTiers'] {
  return stored ?? DEFAULT_SETTINGS.refundTiers;
}

/** Writes the given keys (whole values), in the caller's transaction. */
export async function saveSettings(tx: Database | Transaction, values: Partial<Settings>): Promise<void> {
  const rows = Object.entries(values)
    .filter((entry) => entry[1] !== undefined)
    .map(([key, value]) => ({ key, value: value as unknown }));
  if (rows.length === 0) return;
  await tx
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
}

export type PublicSiteSettings = { supportPhone: string; supportWhatsApp: string; sites: Record<(typeof VARIANTS)[number], SiteSettings> };

/** What the public shell shows: cached and tagged, so public pages stay cached until a save. */
export const getPublicSiteSettings = unstable_cache(
  async (): Promise<PublicSiteSettings> => {
    const all = await loadSettings(await getDb());
    return { supportPhone: all.supportPhone, supportWhatsApp: all.supportWhatsApp, sites: all.sites };
  },
  ['settings-sites'],
  { tags: [SITE_SETTINGS_TAG] },
);

/** The operator's rouble rate as cached pages show it: tagged, so a new rate expires them. */
export const getDisplayRates = unstable_cache(
  async (): Promise<ExchangeRates> => ({ rubPerAed: (await loadSettings(await getDb())).rubPerAed }),
  ['settings-rates'],
  { tags: [DISPLAY_RATES_TAG] },
);

/** The refund processing fee as the terms of use state it: tagged, so a new fee expires the page. */
export const getRefundFeePercent = unstable_cache(async (): Promise<number> => (await loadSettings(await getDb())).refundProcessingFeePercent, ['settings-refund-fee'], {
  tags: [REFUND_TERMS_TAG],
});
