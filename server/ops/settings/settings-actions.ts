'use server';

import 'server-only';
import { runOpsAction } from '@/server/actions/run-action';
import { DISPLAY_RATES_TAG, REFUND_TERMS_TAG, SITE_SETTINGS_TAG } from '@/server/settings/settings';
import { saveGeneralSettings, saveSiteSettings } from './save-settings';
import { generalSettingsSchema, siteSettingsSchema } from './settings-schemas';

/**
 * The cached public pages a save of these settings keys changes, expired at once (never served
 * stale): the support contacts in every shell, the rouble rate of the Russian domain's and rouble
 * widget sites' prices, the refund tiers and fee on every tour page. Fees charged at checkout are read live.
 */
function publicTagsOfGeneralSettings(changed: readonly string[]): string[] {
  const tags: string[] = [];
  if (changed.some((key) => key.startsWith('support'))) tags.push(SITE_SETTINGS_TAG);
  if (changed.includes('rubPerAed')) tags.push(DISPLAY_RATES_TAG);
  if (changed.some((key) => key.startsWith('refundTiers') || key === 'refundProcessingFeePercent')) tags.push(REFUND_TERMS_TAG);
  return tags;
}

/** Rates, fees, refund tiers, the deposit account and the support contacts. */
export const saveGeneralSettingsAction = runOpsAction({
  schema: generalSettingsSchema,
  permission: 'ops:settings',
  invalidMessage: 'opsSettings.invalid',
  run: (input, { staff, db }) => saveGeneralSettings(db, staff, input),
  revalidate: (saved) => ({ update: publicTagsOfGeneralSettings(saved.changed) }),
});

/** One host variant's logo, about text, e-mail and address. */
export const saveSiteSettingsAction = runOpsAction({
  schema: siteSettingsSchema,
  permission: 'ops:settings',
  invalidMessage: 'opsSettings.invalid',
  run: (input, { staff, db }) => saveSiteSettings(db, staff, input),
  revalidate: (saved) => ({ update: saved.changed.length > 0 ? [SITE_SETTINGS_TAG] : [] }),
});
