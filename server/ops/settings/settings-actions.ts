'use server';

import 'server-only';
import { updateTag } from 'next/cache';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { DISPLAY_RATES_TAG, REFUND_TERMS_TAG, SITE_SETTINGS_TAG } from '@/server/settings/settings';
import { saveGeneralSettings, saveSiteSettings } from './save-settings';
import { type GeneralSettingsField, generalSettingsSchema, type SiteSettingsField, siteSettingsSchema } from './settings-schemas';

type Saved = { changed: string[] };

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
export async function saveGeneralSettingsAction(_previous: unknown, formData: FormData): Promise<ActionResult<Saved, GeneralSettingsField>> {
  const result = await runOpsAction(
    { schema: generalSettingsSchema, permission: 'ops:settings', invalidMessage: 'opsSettings.invalid', run: (input, { staff, db }) => saveGeneralSettings(db, staff, input) },
    Object.fromEntries(formData),
  );
  if (result.ok) for (const tag of publicTagsOfGeneralSettings(result.data.changed)) updateTag(tag);
  return result;
}

/** One host variant's logo, about text, e-mail and address. */
export async function saveSiteSettingsAction(_previous: unknown, formData: FormData): Promise<ActionResult<Saved, SiteSettingsField>> {
  const result = await runOpsAction(
    { schema: siteSettingsSchema, permission: 'ops:settings', invalidMessage: 'opsSettings.invalid', run: (input, { staff, db }) => saveSiteSettings(db, staff, input) },
    Object.fromEntries(formData),
  );
  if (result.ok && result.data.changed.length > 0) updateTag(SITE_SETTINGS_TAG);
  return result;
}
