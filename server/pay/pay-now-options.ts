import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { PayNowOption } from '@/components/pay/pay-now-form';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { loadBalanceOverview } from '@/server/balance/statement-queries';
import type { Database } from '@/server/db/connection';
import { mayPayThroughProvider, offeredPaymentMethods } from '@/server/payments/payment-methods';
import { can } from '@/server/shared/auth/permissions';
import { formatAedAs } from '@/server/shared/money/money';
import type { Variant } from '@/server/shared/sites/site-variants';
import { loadChargeSettings, requestDisplayCurrency } from './request-context';

/**
 * The ways a booking that needs payment can be paid on this host: the provider methods offered
 * here, then the agency's balance, with the funds available for a role that may see them.
 */
export async function payNowOptions(db: Database, principal: Principal, variant: Variant, locale: Locale): Promise<PayNowOption[]> {
  const tb = await getTranslations('booking');
  const t = await getTranslations('payments');
  const displayCurrency = await requestDisplayCurrency(variant);
  const providers = (mayPayThroughProvider(principal.role) ? offeredPaymentMethods({ variant, displayCurrency }) : []).map(
    (option): PayNowOption => ({ method: option.method, label: tb(`paymentMethod.${option.method}`), sandbox: option.isSandbox }),
  );
  let note: string | undefined;
  if (can(principal.role, 'balance:view')) {
    const [overview, { rates }] = await Promise.all([loadBalanceOverview(db, principal), loadChargeSettings(db)]);
    note = t('payNow.available', { amount: formatAedAs(overview.availableMinor, displayCurrency, locale, rates) });
  }
  return [...providers, { method: 'balance', label: tb('paymentMethod.balance'), note }];
}

/** Labels of the Pay now form. */
export async function payNowLabels(): Promise<{ legend: string; pay: string; paying: string; sandbox: string }> {
  const t = await getTranslations('payments');
  return { legend: t('payNow.legend'), pay: t('payNow.pay'), paying: t('payNow.paying'), sandbox: t('sandbox') };
}
