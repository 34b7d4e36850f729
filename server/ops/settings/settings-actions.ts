'use server';

import 'server-only';
import { updateTag } from 'next/cache';
import { type ActionResult, runOpsAction } from '@/server/actions/run-action';
import { SITE_SETTINGS_TAG } from '@/server/settings/settings';
import { saveGeneralSettings, saveSiteSettings } from './save-settings';
import { type GeneralSettingsField, generalSettingsSchema, type SiteSettingsField, siteSettingsSchema } from './settings-schemas';

type Saved = { changed: string[] };

/** Rates, fees, refund tiers, the deposit account and the support contacts (issue 19 §7). */
export async function saveGeneralSettingsAction(_previous: unknown, formData: FormData): Promise<ActionResult<Saved, GeneralSettingsField>> {
  const result = await runOpsAction(
    { schema: generalSettingsSchema, permission: 'ops:settings', invalidMessage: 'opsSettings.invalid', run: (input, { staff, db }) => saveGeneralSettings(db, staff, input) },
    Object.fromEntries(formData),
  );
  // The support phone and WhatsApp show in every public page's shell: expire it now, not on the next visit.
  if (result.ok && result.data.changed.some((key) => key.startsWith('support'))) updateTag(SITE_SETTINGS_TAG);
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
