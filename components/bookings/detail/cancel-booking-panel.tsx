'use client';

import { type ReactNode, useActionState, useRef, useState } from 'react';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { Price, PriceSum } from '@/components/catalog/price';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { buttonVariants } from '@/components/ui/button';
import { cancelBookingAction, type CancelBookingState } from '@/server/bookings/cancel-actions';

export type CancelBookingLabels = {
  title: string;
  /** The quote's tier, e.g. "More than 48 hours before the tour". */
  tier: string;
  tierLabel: string;
  percentLabel: string;
  /** The tier's percent, formatted. */
  percent: string;
  paid: string;
  grossRefund: string;
  fee: string;
  refund: string;
  /** Shown instead of the figures when nothing was paid (from the balance, or yet through a provider). */
  nothingPaid: string;
  /** Under a provider refund's figures: where it goes, in which currency, and how long it takes. */
  refundNote: string | null;
  /** Shown instead of the figures to a role that may not see them (they reveal the NET rate). */
  amountsHidden: string;
  cancel: string;
  confirmQuestion: string;
  confirm: string;
  confirming: string;
  keep: string;
};

export type CancelBookingQuote = { paidMinor: number; grossRefundMinor: number; feeMinor: number; refundMinor: number };
/** A provider refund's figures, formatted in the currency charged (they go back as charged, not converted). */
export type ChargedRefundView = { paid: string; grossRefund: string; fee: string; refund: string };

type Props = {
  reference: string;
  /** Null for a role without b2b rights. */
  quote: CancelBookingQuote | null;
  /** Paid by card, crypto or SBP: what goes back that way, instead of `quote`'s balance figures. */
  charged: ChargedRefundView | null;
  /** The page itself: "Keep booking" before hydration simply reloads it with the step closed. */
  pageHref: string;
  labels: CancelBookingLabels;
};

/**
 * The refund quote, then a two-step cancellation. The confirm step is a `<details>` disclosure and
 * the form posts to a server action that redirects, so it all works before hydration too.
 */
export function CancelBookingPanel({ reference, quote, charged, pageHref, labels }: Props) {
  const [state, formAction, pending] = useActionState<CancelBookingState, FormData>(cancelBookingAction, null);
  useBookingDataStaleAfter(pending);
  useActionFailureFeedback(state);
  const [open, setOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const nothingPaid = !charged && quote?.paidMinor === 0;
  const figures: { label: string; amount: ReactNode }[] = charged
    ? [
        { label: labels.paid, amount: charged.paid },
        { label: labels.grossRefund, amount: charged.grossRefund },
        { label: labels.fee, amount: charged.fee },
      ]
    : quote
      ? [
          { label: labels.paid, amount: <Price fils={quote.paidMinor} /> },
          { label: labels.grossRefund, amount: <Price fils={quote.grossRefundMinor} /> },
          { label: labels.fee, amount: <Price fils={quote.feeMinor} /> },
        ]
      : [];

  return (
    <section aria-labelledby="cancel-title" className="rounded-xl border border-border p-4 xs:p-6">
      <h2 id="cancel-title" className="text-lg font-semibold">
        {labels.title}
      </h2>
      <dl className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-y-2">
        <div className="col-span-2">
          <dt className="text-sm text-muted-foreground">{labels.tierLabel}</dt>
          <dd className="font-medium">{labels.tier}</dd>
        </div>
        {nothingPaid ? null : (
          <>
            <div className="col-span-2">
              <dt className="text-sm text-muted-foreground">{labels.percentLabel}</dt>
              <dd className="font-medium">{labels.percent}</dd>
            </div>
            {figures.map(({ label, amount }) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="pl-4 text-right whitespace-nowrap tabular-nums">{amount}</dd>
              </div>
            ))}
            {charged ? (
              <div className="contents" data-testid="refund-charged">
                <dt className="border-t border-border pt-2 font-semibold">{labels.refund}</dt>
                <dd className="border-t border-border pt-2 pl-4 text-right font-semibold whitespace-nowrap tabular-nums">{charged.refund}</dd>
              </div>
            ) : quote ? (
              <div className="contents">
                <dt className="border-t border-border pt-2 font-semibold">{labels.refund}</dt>
                <dd className="border-t border-border pt-2 pl-4 text-right font-semibold whitespace-nowrap tabular-nums">
                  {/* Derived from the two figures above it, so it is their difference to the cent in any currency. */}
                  <PriceSum parts={[quote.grossRefundMinor, -quote.feeMinor]} />
                </dd>
              </div>
            ) : null}
          </>
        )}
      </dl>
      {nothingPaid ? <p className="mt-3 text-sm text-muted-foreground" data-testid="nothing-paid">{labels.nothingPaid}</p> : null}
      {charged && labels.refundNote ? <p className="mt-3 text-sm text-muted-foreground">{labels.refundNote}</p> : null}
      {quote ? null : <p className="mt-3 text-sm text-muted-foreground">{labels.amountsHidden}</p>}

      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group mt-5">
        <summary
          ref={summaryRef}
          className={buttonVariants({
            variant: 'outline',
            className: 'cursor-pointer list-none border-destructive text-destructive group-open:hidden [&::-webkit-details-marker]:hidden',
          })}
        >
          {labels.cancel}
        </summary>
        <form action={formAction} className="grid gap-3 rounded-lg bg-muted p-4">
          <input type="hidden" name="reference" value={reference} />
          <p id="cancel-question" className="font-medium">
            {labels.confirmQuestion}
          </p>
          <div className="flex flex-wrap gap-2">
            <SubmitButton label={labels.confirm} pendingLabel={labels.confirming} describedBy="cancel-question" destructive />
            <a
              href={pageHref}
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                // The summary is shown again once closed; give it the focus back.
                requestAnimationFrame(() => summaryRef.current?.focus());
              }}
              className={buttonVariants({ variant: 'outline' })}
            >
              {labels.keep}
            </a>
          </div>
        </form>
      </details>
      <p aria-live="polite" role="status" className="mt-3 min-h-5 text-sm text-destructive">
        {state?.ok === false ? state.message : null}
      </p>
    </section>
  );
}
