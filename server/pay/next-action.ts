import 'server-only';
import { redirect } from 'next/navigation';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { NextAction } from '@/server/payments/gateway';

/**
 * Sends the browser on to pay: a hosted page (the provider's, or the sandbox's) directly; a QR code
 * or an on-page card element to our own payment page, which shows it and waits for the result.
 */
export function redirectToNextAction(locale: Locale, payment: { paymentId: string; nextAction: NextAction }): never {
  if (payment.nextAction.kind === 'redirect') redirect(payment.nextAction.url);
  redirect(localizedPath(locale, `/pay/${payment.paymentId}`));
}
