import 'server-only';
import type { Locale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { getDisplayRates } from '@/server/settings/settings';
import type { ExchangeRates } from '@/shared/money/money';
import { listWidgetOfferChoices, type WidgetOfferChoice } from './widget-catalogue';

export type WidgetEditorData = { choices: WidgetOfferChoice[]; rates: ExchangeRates };

/** What the widget editor offers, new or existing: the catalogue's tours and offers, and the rouble rate its preview prices with. */
export async function loadWidgetEditorData(db: Database, locale: Locale): Promise<WidgetEditorData> {
  const [choices, rates] = await Promise.all([listWidgetOfferChoices(db, locale), getDisplayRates()]);
  return { choices, rates };
}
