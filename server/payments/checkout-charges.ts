import 'server-only';
import type { Database } from '@/server/db/connection';
import { loadSettings } from '@/server/settings/settings';
import type { Currency } from '@/shared/money/money';
import { type ChargeableBooking, type ChargeQuote, quoteBookingCharge } from '@/shared/payments/charge-quote';
import type { Variant } from '@/shared/sites/site-variants';
import { offeredPaymentMethods, type OfferedMethod } from './payment-methods';

/**
 * What each provider method offered on this host would charge for the booking the checkout is
 * about to make: the same quote, at the same settings, that starting its payment charges
 * (start-payment.ts), so the checkout's "You will be charged" is the hosted page's amount.
 */
export async function quoteCheckoutCharges(
  db: Database,
  booking: ChargeableBooking,
  place: { variant: Variant; displayCurrency: Currency },
): Promise<{ offered: OfferedMethod; quote: ChargeQuote }[]> {
  const offered = offeredPaymentMethods(place);
  if (offered.length === 0) return [];
  const settings = await loadSettings(db);
  return offered.map((option) => ({ offered: option, quote: quoteBookingCharge(booking, { currency: option.currency, method: option.method, rates: settings, fees: settings }) }));
}
