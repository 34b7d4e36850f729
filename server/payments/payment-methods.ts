import 'server-only';
import { can, type Role } from '@/shared/auth/permissions';
import type { Currency } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import type { ChargeCurrency, ProviderId, ProviderMethod } from './gateway';
import { gatewayForMethod } from './gateways';

export type OfferedMethod = {
  method: ProviderMethod;
  provider: ProviderId;
  /** What the payer is charged in. */
  currency: ChargeCurrency;
  isSandbox: boolean;
  /** Stripe's Apple Pay / Google Pay need the guest's personal details first (spec §5). */
  walletsNeedGuestDetails: boolean;
};

/**
 * The provider methods checkout, "Pay now" and top-up offer: the Russian domain
 * charges roubles by card or SBP (crypto in dollars); the others charge the display currency by
 * card or crypto. A method without a configured gateway is not offered.
 */
export function offeredPaymentMethods(options: { variant: Variant; displayCurrency: Currency }, provider?: ProviderId): OfferedMethod[] {
  const fiat: ChargeCurrency = options.displayCurrency === 'USD' ? 'USD' : 'AED';
  const wanted: { method: ProviderMethod; currency: ChargeCurrency }[] =
    options.variant === 'russian'
      ? [
          { method: 'card', currency: 'RUB' },
          { method: 'sbp', currency: 'RUB' },
          { method: 'crypto', currency: 'USD' },
        ]
      : [
          { method: 'card', currency: fiat },
          { method: 'crypto', currency: fiat },
        ];
  return wanted.flatMap(({ method, currency }) => {
    const gateway = gatewayForMethod(method, currency, provider);
    if (!gateway) return [];
    return [{ method, currency, provider: gateway.id, isSandbox: gateway.isSandbox, walletsNeedGuestDetails: gateway.id === 'stripe' }];
  });
}

/**
 * A provider payment shows the payer what it charges, the NET plus any fees, so only roles that
 * may see b2b rates pay through a provider (nothing shows a junior the NET); a
 * junior books from the balance, in cash or by request, and pays "Pay now" from the balance.
 */
export function mayPayThroughProvider(role: Role): boolean {
  return can(role, 'rates:viewB2b');
}

export function findOfferedMethod(options: { variant: Variant; displayCurrency: Currency }, method: ProviderMethod, provider?: ProviderId): OfferedMethod | null {
  return offeredPaymentMethods(options, provider).find((offered) => offered.method === method) ?? null;
}
