'use client';

import { CreditCard, LoaderCircle } from 'lucide-react';
import { useActionState, useEffect, useSyncExternalStore } from 'react';
import { useFormStatus } from 'react-dom';
import { type GuestPaymentState, startGuestPaymentAction } from '@/server/widgets/guest-bookings/guest-actions';

const noSubscription = () => () => {};

type Props = {
  bookingId: string;
  /** An embed names its widget and the domain of the page that framed it (a site is known by its host). */
  embed?: { widgetId: string; site: string };
  labels: { go: string; opening: string };
};

/**
 * The payer's step on to the payment: a plain form posting to the action, which starts the payment
 * and sends the payer to the provider's page, with JavaScript or without; a refusal is shown above it.
 */
export function GuestPaymentForm({ bookingId, embed, labels }: Props) {
  const [state, formAction] = useActionState<GuestPaymentState, FormData>(startGuestPaymentAction, null);
  // Set once hydrated: the action then answers the provider page's URL instead of redirecting.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  useEffect(() => {
    if (state?.ok) window.location.assign(state.paymentUrl);
  }, [state]);
  return (
    <form action={formAction} className="grid gap-3" data-testid="guest-payment-step">
      <input type="hidden" name="bookingId" value={bookingId} />
      {hydrated ? <input type="hidden" name="navigates" value="1" /> : null}
      {embed ? (
        <>
          <input type="hidden" name="widgetId" value={embed.widgetId} />
          <input type="hidden" name="site" value={embed.site} />
        </>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-red-50 px-4 py-3 text-red-900">
          {state.message}
        </p>
      ) : null}
      <GoButton labels={labels} />
    </form>
  );
}

function GoButton({ labels }: { labels: Props['labels'] }) {
  const status = useFormStatus();
  return (
    <button
      type="submit"
      disabled={status.pending}
      className="inline-flex h-11 w-fit items-center justify-center gap-2 rounded-lg bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90 disabled:opacity-60"
    >
      {status.pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <CreditCard aria-hidden className="size-4" />}
      {status.pending ? labels.opening : labels.go}
    </button>
  );
}
