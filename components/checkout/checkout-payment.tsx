'use client';

import type { ReactNode } from 'react';
import { LocaleLink } from '@/components/i18n/locale-link';
import type { PaymentMethod, ProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { CheckoutFormLabels, ProviderMethodView } from './checkout-form-types';

/** The provider method's view when `method` is a card, crypto or SBP method offered here. */
export function providerMethodOf(methods: Partial<Record<ProviderPaymentMethod, ProviderMethodView>>, method: PaymentMethod): ProviderMethodView | undefined {
  return Object.hasOwn(methods, method) ? methods[method as ProviderPaymentMethod] : undefined;
}

/** The payment fieldset: the ways to pay as radios (a short balance marked, a sandbox labelled), then the promo code (`children`). */
export function CheckoutPayment({
  paymentMethods,
  providerMethods,
  method,
  onMethodChange,
  balanceShort,
  canTopUp,
  error,
  labels,
  children,
}: {
  paymentMethods: readonly PaymentMethod[];
  providerMethods: Partial<Record<ProviderPaymentMethod, ProviderMethodView>>;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  balanceShort: boolean;
  canTopUp: boolean;
  error: string | undefined;
  labels: Pick<CheckoutFormLabels, 'payment' | 'requestOnly' | 'paymentMethods' | 'sandbox' | 'walletsNeedGuestDetails' | 'insufficientFunds' | 'topUp'>;
  children: ReactNode;
}) {
  return (
    // data-private: the payment step is never in a session replay (a grey box there; docs/telemetry.md#replay).
    <fieldset className="grid gap-4" data-private>
      <legend className="mb-2 text-lg font-semibold">{labels.payment}</legend>
      {labels.requestOnly ? (
        <p role="note" className="rounded-lg bg-muted p-3 text-sm">
          {labels.requestOnly}
        </p>
      ) : null}
      <div role="radiogroup" aria-label={labels.payment} className="grid gap-2">
        {paymentMethods.map((candidate) => {
          const short = candidate === 'balance' && balanceShort;
          const provider = providerMethodOf(providerMethods, candidate);
          const notes = [short ? 'balance-short' : null, provider?.walletsNeedGuestDetails ? `wallets-${candidate}` : null].filter(Boolean).join(' ');
          return (
            <div key={candidate} className="rounded-lg border border-border has-[:checked]:border-primary has-[:checked]:bg-primary/5" data-testid={`payment-${candidate}`}>
              <label className="flex cursor-pointer items-center gap-3 p-3">
                <input
                  type="radio"
                  id={`paymentMethod-${candidate}`}
                  name="paymentMethod"
                  value={candidate}
                  checked={method === candidate}
                  onChange={() => onMethodChange(candidate)}
                  aria-describedby={notes || undefined}
                  className="size-4 accent-primary"
                />
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {labels.paymentMethods[candidate]}
                  {provider?.isSandbox ? (
                    <span className="rounded-full border border-amber-500/60 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="sandbox-label">
                      {labels.sandbox}
                    </span>
                  ) : null}
                </span>
              </label>
              {provider?.walletsNeedGuestDetails ? (
                <p id={`wallets-${candidate}`} className="-mt-1 px-3 pb-3 pl-10 text-sm text-muted-foreground">
                  {labels.walletsNeedGuestDetails}
                </p>
              ) : null}
              {short ? (
                // Marked, not disabled: the booking itself gives the spec's message if it is tried.
                <p id="balance-short" className="-mt-1 flex flex-wrap gap-x-2 px-3 pb-3 pl-10 text-sm text-destructive" data-testid="balance-short">
                  <span>{labels.insufficientFunds}</span>
                  {canTopUp ? (
                    <LocaleLink href="/top-up" className="font-medium text-primary underline underline-offset-2">
                      {labels.topUp}
                    </LocaleLink>
                  ) : null}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {children}
    </fieldset>
  );
}
