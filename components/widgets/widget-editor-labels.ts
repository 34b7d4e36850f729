import 'server-only';
import { getTranslations } from 'next-intl/server';
import { CURRENCIES } from '@/shared/money/money';
import { WIDGET_CONTACT_FIELDS, WIDGET_TYPES, type WidgetType } from '@/shared/widgets/widget-schema';

const SECTIONS = ['general', 'seo', 'media', 'contacts', 'partners', 'socials', 'reservation', 'dns', 'offers', 'preview'] as const;
const FIELDS = [
  'name',
  'type',
  'currency',
  'locale',
  'offersTitle',
  'footerText',
  'metaTitle',
  'metaDescription',
  'noIndex',
  'conversionActionId',
  'heroVideoUrl',
  'heroVideoDisabled',
  'domain',
  'discountPercent',
  'offer',
  'saleAdult',
  'saleChild',
  'saleTrip',
  'linkName',
  'linkUrl',
] as const;
const HINTS = ['domain', 'discountPercent', 'conversionActionId', 'metaDescription', 'offers'] as const;
const OFFER_TEXTS = ['choose', 'choosePlaceholder', 'add', 'remove', 'empty', 'cost', 'guestPays', 'margin', 'perAdult', 'perChild', 'perTrip', 'tour', 'applyDiscount'] as const;
const ERRORS = [
  'required',
  'tooLong',
  'tooMany',
  'email',
  'phone',
  'telegram',
  'url',
  'conversionActionId',
  'domain',
  'domainTaken',
  'discount',
  'price',
  'salePriceTooLow',
  'noOffers',
  'offerUnavailable',
  'singleTour',
] as const;

export type WidgetEditorLabels = {
  save: string;
  saving: string;
  saved: string;
  saveFailed: string;
  summaryTitle: string;
  unsaved: string;
  unsavedBadge: string;
  sections: Record<(typeof SECTIONS)[number], string>;
  fields: Record<(typeof FIELDS)[number], string>;
  hints: Record<(typeof HINTS)[number], string>;
  types: Record<WidgetType, string>;
  currencies: { value: string; label: string }[];
  languages: { value: string; label: string }[];
  contactFields: { field: string; label: string }[];
  reservationFields: { field: string; label: string }[];
  links: { add: string; remove: string; empty: string };
  offers: Record<(typeof OFFER_TEXTS)[number], string> & { minimum: string };
  preview: { lead: string; empty: string; pages: string; landing: string; tour: string; phone: string; desktop: string };
  /** Error texts by message key, for the resolver's issues. */
  errors: Record<string, string>;
};

/** The editor island's texts in the request's language (islands carry no translation runtime). */
export async function widgetEditorLabels(): Promise<WidgetEditorLabels> {
  const t = await getTranslations('widgets');
  const common = await getTranslations('errors');
  const errors: Record<string, string> = Object.fromEntries(ERRORS.map((key) => [`widgets.errors.${key}`, t(`errors.${key}`)]));
  errors['errors.controlCharacters'] = common('controlCharacters');
  errors['errors.validation'] = common('validation');
  return {
    save: t('editor.save'),
    saving: t('editor.saving'),
    saved: t('notices.saved'),
    saveFailed: t('editor.saveFailed'),
    summaryTitle: t('editor.summaryTitle'),
    unsaved: t('editor.unsaved'),
    unsavedBadge: t('editor.unsavedBadge'),
    sections: Object.fromEntries(SECTIONS.map((key) => [key, t(`editor.sections.${key}`)])) as WidgetEditorLabels['sections'],
    fields: Object.fromEntries(FIELDS.map((key) => [key, t(`editor.fields.${key}`)])) as WidgetEditorLabels['fields'],
    hints: Object.fromEntries(HINTS.map((key) => [key, t(`editor.hints.${key}`)])) as WidgetEditorLabels['hints'],
    types: Object.fromEntries(WIDGET_TYPES.map((type) => [type, t(`types.${type}`)])) as WidgetEditorLabels['types'],
    currencies: CURRENCIES.map((currency) => ({ value: currency, label: currency })),
    languages: (['en', 'ru'] as const).map((locale) => ({ value: locale, label: t(`editor.languages.${locale}`) })),
    contactFields: WIDGET_CONTACT_FIELDS.map((field) => ({ field, label: t(`editor.fields.contacts.${field}`) })),
    reservationFields: (['name', 'phone', 'email'] as const).map((field) => ({ field, label: t(`editor.fields.reservationContacts.${field}`) })),
    links: { add: t('editor.addLink'), remove: t('editor.removeLink'), empty: t('editor.noLinks') },
    // `{amount}` is filled in by the island, which formats the amounts.
    offers: {
      ...(Object.fromEntries(OFFER_TEXTS.map((key) => [key, t(`editor.offers.${key}`)])) as Record<(typeof OFFER_TEXTS)[number], string>),
      minimum: t('editor.offers.minimum', { amount: '{amount}' }),
    },
    preview: {
      lead: t('editor.preview.lead'),
      empty: t('editor.preview.empty'),
      pages: t('editor.preview.pages'),
      landing: t('editor.preview.landing'),
      tour: t('editor.preview.tour'),
      phone: t('editor.preview.phone'),
      desktop: t('editor.preview.desktop'),
    },
    errors,
  };
}
