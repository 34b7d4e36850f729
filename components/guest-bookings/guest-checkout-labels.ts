import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { CONTROL_CHARACTERS_ERROR } from '@/shared/text';
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
  const [t, availability, checkout, errors, limits] = await Promise.all([
    getTranslations({ locale, namespace: 'widgetBookings.form' }),
    getTranslations({ locale, namespace: 'availability' }),
    getTranslations({ locale, namespace: 'checkout' }),
    getTranslations({ locale, namespace: 'errors' }),
    getTranslations({ locale, namespace: 'widgetBookings.limits' }),
  ]);
  return {
    ...(Object.fromEntries(KEYS.map((key) => [key, t(key)])) as Omit<GuestCheckoutLabels, 'pay' | 'calendar' | 'fieldMessages'>),
    // `{amount}` is filled in by the island, which keeps the total up to date.
    pay: t('pay', { amount: '{amount}' }),
    calendar: {
      previousMonth: availability('previousMonth'),
      nextMonth: availability('nextMonth'),
      dayAvailable: availability('dayAvailable'),
      daySoldOut: availability('daySoldOut'),
      dayUnavailable: availability('dayUnavailable'),
    },
    fieldMessages: {
      ...Object.fromEntries(Object.entries(checkout.raw('errors') as Record<string, string>).map(([key, message]) => [`checkout.errors.${key}`, message])),
      [CONTROL_CHARACTERS_ERROR]: errors(CONTROL_CHARACTERS_ERROR.replace('errors.', '') as never),
      'widgetBookings.limits.groupTooLarge': limits('groupTooLarge'),
    },
  };
}
