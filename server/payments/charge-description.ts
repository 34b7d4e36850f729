import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/locales';
import en from '@/messages/payments/en.json';
import ru from '@/messages/payments/ru.json';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/**
 * What the provider's page and the payer's statement say the charge is for, in the payer's
 * language (a widget's guest pays in the widget's): the booking's reference, no internal id.
 */
export function bookingChargeDescription(locale: Locale, reference: string): string {
  return descriptor(locale)('booking', { reference });
}

/** What a card top-up's provider page says it is for, in the payer's language. */
export function topUpChargeDescription(locale: Locale): string {
  return descriptor(locale)('topUp');
}

function descriptor(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'payments.descriptor' });
}
