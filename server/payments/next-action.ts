import 'server-only';
import { redirect } from 'next/navigation';
import { type Locale, localizedPath, stripLocale } from '@/i18n/locales';
import type { NextAction } from '@/server/payments/gateway';
import { requestOrigin } from './request-context';

/**
 * Sends the browser on to pay: a hosted page (the provider's, or the sandbox's) directly; a QR code
 * or an on-page card element to our own payment page, which shows it and waits for the result.
 */
export async function redirectToNextAction(locale: Locale, payment: { paymentId: string; nextAction: NextAction }): Promise<never> {
  if (payment.nextAction.kind !== 'redirect') redirect(localizedPath(locale, `/pay/${payment.paymentId}`));
  const target = new URL(payment.nextAction.url);
  // Our own page (the sandbox's): in the page's language, as a path. Next renders an action's
  // redirect target in-process, where the Russian domain's redirect to /ru/… never applies.
  if (target.origin === (await requestOrigin())) redirect(`${localizedPath(locale, stripLocale(target.pathname))}${target.search}`);
  redirect(target.toString());
}
