import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getTranslations } from 'next-intl/server';
import type { PayNowLabels, PayNowOption } from '@/components/pay/pay-now-form';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import { mayPayThroughProvider } from '@/server/payments/payment-methods';
import { loadChargeSettings, requestDisplayCurrency } from '@/server/payments/request-context';
import { formatAedAs, formatMoney } from '@/shared/money/money';
import type { ChargeableBooking } from '@/shared/payments/charge-quote';
import type { Variant } from '@/shared/sites/site-variants';
import { loadPaymentOptions } from './payment-options';
import { seesNetRates } from '@/server/auth/customer-view';

/**
 * The ways a booking that needs payment can be paid on this host: the provider methods offered
 * here, then the agency's balance, with the funds available for a role that may see them. Given
 * the booking's reference, each way says what it charges: a provider method the same charge
 * quote the checkout shows and starting the payment charges, the balance the NET it debits.
 */
export async function payNowOptions(db: Database, principal: Principal, variant: Variant, locale: Locale, reference?: string): Promise<PayNowOption[]> {
  const tb = await getTranslations('booking');
  const t = await getTranslations('payments');
  const displayCurrency = await requestDisplayCurrency(variant);
  // The amounts are the NET's: only for a role that sees it (the one that may pay by provider),
  // and not in customer view (the payment still charges it; only its figures are left out).
  const booking = reference && mayPayThroughProvider(principal.role) && seesNetRates(principal) ? await loadChargeableBooking(db, principal, reference) : null;
  const [{ rates }, options] = await Promise.all([loadChargeSettings(db), loadPaymentOptions(db, principal, { place: { variant, displayCurrency }, booking, funds: true })]);
  const providers = options.providers.map(
    ({ offered, quote }): PayNowOption => ({
      method: offered.method,
      label: tb(`paymentMethod.${offered.method}`),
      sandbox: offered.isSandbox,
      ...(quote && { amount: formatMoney(quote.totalMinor, quote.currency, locale) }),
    }),
  );
  const note = options.availableMinor === null ? undefined : t('payNow.available', { amount: formatAedAs(options.availableMinor, displayCurrency, locale, rates) });
  const balanceAmount = booking ? formatAedAs(booking.netTotalMinor, displayCurrency, locale, rates) : undefined;
  return [...providers, { method: 'balance', label: tb('paymentMethod.balance'), note, amount: balanceAmount }];
}

/** What a visible booking's payment is computed from, or null when the principal has no such booking. */
async function loadChargeableBooking(db: Database, principal: Principal, reference: string): Promise<ChargeableBooking | null> {
  const [row] = await db
    .select({ netTotalMinor: bookings.netTotalMinor, publishedTotalMinor: bookings.publishedTotalMinor, widgetId: bookings.widgetId })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  return row ?? null;
}

/** Labels of the Pay now form. */
export async function payNowLabels(): Promise<PayNowLabels> {
  const t = await getTranslations('payments');
  return { legend: t('payNow.legend'), pay: t('payNow.pay'), payAmount: t.raw('payNow.payAmount') as string, paying: t('payNow.paying'), sandbox: t('sandbox') };
}
