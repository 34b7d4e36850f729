import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import type { GuestCheckoutLabels } from './guest-checkout-form';

const KEYS = [
  'date',
  'time',
  'noDates',
  'adults',
  'children',
  'infants',
  'guestName',
  'guestNameHint',
  'guestPhone',
  'guestEmail',
  'guestEmailConfirm',
  'notes',
  'total',
  'paying',
  'windowNote',
  'openPayment',
  'popupBlocked',
] as const;

/** The guest checkout's texts in the widget's language (the island has no translation runtime). */
export async function guestCheckoutLabels(locale: Locale): Promise<GuestCheckoutLabels> {
  const t = await getTranslations({ locale, namespace: 'widgetBookings.form' });
  return {
    ...(Object.fromEntries(KEYS.map((key) => [key, t(key)])) as Omit<GuestCheckoutLabels, 'pay'>),
    // `{amount}` is filled in by the island, which keeps the total up to date.
    pay: t('pay', { amount: '{amount}' }),
  };
}
