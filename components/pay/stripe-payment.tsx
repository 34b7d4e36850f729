'use client';

import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { Spinner } from '@/components/ui/spinner';
import type { Locale } from '@/i18n/locales';

export type StripePaymentLabels = { loading: string; pay: string; paying: string; unavailable: string };

/**
 * Stripe's Payment Element for a PaymentIntent the server created. Stripe.js comes
 * from Stripe's CDN, loaded only here, so only for a Stripe payment: never with the offline
 * sandbox. Stripe sends the browser back to `returnUrl` (our payment page), which settles with
 * Stripe before it shows anything.
 */
export function StripePayment({
  publishableKey,
  clientSecret,
  returnUrl,
  locale,
  labels,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  locale: Locale;
  labels: StripePaymentLabels;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'paying' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const instance = await loadStripe(publishableKey, { locale });
        if (cancelled) return;
        if (!instance || !mountRef.current) {
          setState('unavailable');
          return;
        }
        const elements = instance.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(mountRef.current);
        unmount = () => element.destroy();
        setStripe({ stripe: instance, elements });
        setState('ready');
      } catch {
        if (!cancelled) setState('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [publishableKey, clientSecret, locale]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe) return;
    setState('paying');
    setError(null);
    // On success Stripe leaves for `returnUrl`; it comes back here only with an error to show.
    const result = await stripe.stripe.confirmPayment({ elements: stripe.elements, confirmParams: { return_url: returnUrl } });
    setError(result.error?.message ?? null);
    setState('ready');
  }

  if (state === 'unavailable') {
    return (
      <p role="alert" className="text-sm text-destructive">
        {labels.unavailable}
      </p>
    );
  }
  return (
    <form onSubmit={pay} className="grid gap-4" aria-busy={state !== 'ready'}>
      {state === 'loading' ? <Spinner label={labels.loading} className="justify-self-center" /> : null}
      <div ref={mountRef} />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <SubmitButton label={labels.pay} pendingLabel={labels.paying} pending={state === 'paying'} disabled={state !== 'ready'} size="lg" className="justify-self-start" />
    </form>
  );
}
