'use client';

import { Price } from '@/components/catalog/price';
import { fillTemplate } from '@/components/bookings/picker/labels';
import { SubmitButton } from '@/components/forms/submit-button';
import type { PaymentMethod } from '@/shared/bookings/checkout-schema';
import type { CheckoutFormLabels, ProviderMethodView } from './checkout-form-types';
import { ConfirmingLoader } from './confirming-loader';

/**
 * The pay bar: below lg it stays at the bottom of the screen while the form scrolls, with the
 * total beside the button, so a phone never loses either (and it leaves the WhatsApp button its
 * corner). What it says is what the method charges: a provider's quote, the NET the balance debits
 * (to roles that see it), else the published rate. No z-index: the confirming loader inside it
 * must cover the whole page, header included.
 */
export function CheckoutPayBar({
  method,
  charge,
  totals,
  labels,
}: {
  method: PaymentMethod;
  charge: ProviderMethodView | undefined;
  totals: { netMinor: number | null; publishedMinor: number };
  labels: Pick<CheckoutFormLabels, 'totalToPay' | 'publishedRate' | 'submit' | 'submitRequest' | 'submitPayAmount' | 'confirming' | 'loader'>;
}) {
  return (
    <div
      className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border bg-background px-4 py-3 pr-20 lg:static lg:mx-0 lg:block lg:border-0 lg:p-0"
      data-testid="checkout-pay-bar"
      data-pay-bar
    >
      <p className="lg:hidden" data-testid="pay-bar-total">
        {charge?.total ? (
          <>
            <span className="block text-xs text-muted-foreground">{labels.totalToPay}</span>
            <span className="font-semibold tabular-nums">{charge.total.amount}</span>
          </>
        ) : method === 'balance' && totals.netMinor !== null ? (
          <>
            <span className="block text-xs text-muted-foreground">{labels.totalToPay}</span>
            <Price fils={totals.netMinor} className="font-semibold" />
          </>
        ) : (
          <>
            <span className="block text-xs text-muted-foreground">{labels.publishedRate}</span>
            <Price fils={totals.publishedMinor} className="font-semibold" />
          </>
        )}
      </p>
      <SubmitButton
        label={method === 'request' ? labels.submitRequest : charge?.total ? fillTemplate(labels.submitPayAmount, { amount: charge.total.amount }) : labels.submit}
        size="lg"
        className="justify-self-start"
        whilePending={<ConfirmingLoader title={labels.confirming} messages={labels.loader} />}
      />
    </div>
  );
}
