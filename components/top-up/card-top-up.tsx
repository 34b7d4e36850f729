'use client';

import { type FormEvent, useActionState, useEffect, useRef, useState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback, useApiFetch } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import type { TopUpQuote } from '@/shared/top-up/top-up-fee';
import { formatMoney } from '@/shared/money/money';
import { cardTopUpAction, type CardTopUpState } from '@/server/payments/card-top-up-actions';

export type CardTopUpLabels = {
  amount: string;
  amountHint: string;
  calculate: string;
  /** 'Card fee (2.5%)', with the operator's percent filled in. */
  fee: string;
  total: string;
  continue: string;
  continuing: string;
  /** "Test payments (sandbox)" when the card gateway is the sandbox, else null. */
  sandbox: string | null;
  calculating: string;
};

type Quote = TopUpQuote & { currency: 'AED' };

/**
 * The card top-up: the amount and the fee the server charges for it (spec §9), then the card
 * payment. Before hydration the quote is a GET form that reloads the page with `?amount=`;
 * hydrated, the fee follows the amount as it is typed (a newer request aborts the older one).
 * "Continue" starts a card payment of amount + fee; the balance is credited when it settles.
 */
export function CardTopUp({
  labels,
  locale,
  action,
  initialAmount,
  initialQuote,
  initialError,
}: {
  labels: CardTopUpLabels;
  locale: Locale;
  action: string;
  initialAmount: string;
  initialQuote: Quote | null;
  initialError: string | null;
}) {
  const [amount, setAmount] = useState(initialAmount);
  const [quote, setQuote] = useState(initialQuote);
  const [error, setError] = useState(initialError);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  const fetchApi = useApiFetch();
  const [payState, payAction] = useActionState<CardTopUpState, FormData>(cardTopUpAction, null);
  useActionFailureFeedback(payState);
  const payError = payState?.fieldErrors.amount ?? payState?.message;

  useEffect(() => () => request.current?.abort(), []);

  /** `typing`: asked as the amount changes, so a refusal shows at the field only; a submit also toasts it. */
  async function fetchQuote(value: string, typing: boolean) {
    request.current?.abort();
    if (value.trim() === '') {
      setQuote(null);
      setError(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    const query = new URLSearchParams({ amount: value, type: 'card', currency: 'AED', language: locale });
    const result = await fetchApi<Quote>(`/api/v1/b2b/balance/topupfee?${query}`, { signal: controller.signal, quietValidation: typing });
    // A newer amount's request has taken over.
    if (request.current !== controller) return;
    if (result.ok) {
      setQuote(result.data);
      setError(null);
    } else if (result.status !== null) {
      setQuote(null);
      setError(result.errors[0]?.errorMessage ?? null);
    } else if (!result.aborted) {
      setError(null);
    }
    setLoading(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void fetchQuote(amount, false);
  }

  return (
    <div className="grid gap-4">
      <form action={action} method="get" onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField name="amount" id="topUpAmount" label={labels.amount} hint={labels.amountHint} error={error ?? undefined}>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              void fetchQuote(event.target.value, true);
            }}
          />
        </FormField>
        <Button type="submit" variant="outline" className="sm:mb-6">
          {labels.calculate}
        </Button>
      </form>
      {loading ? <p className="text-xs text-muted-foreground">{labels.calculating}</p> : null}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-4 text-sm" aria-live="polite" aria-busy={loading}>
        <dt className="text-muted-foreground">{labels.fee}</dt>
        <dd className="text-right tabular-nums">{quote ? formatMoney(quote.feeMinor, 'AED', locale) : '—'}</dd>
        <dt className="font-medium">{labels.total}</dt>
        <dd className="text-right font-semibold tabular-nums">{quote ? formatMoney(quote.totalMinor, 'AED', locale) : '—'}</dd>
      </dl>
      <form action={payAction} className="grid gap-2" data-testid="card-top-up-pay">
        {/* The amount as quoted: the payment is for the figures shown above. */}
        <input type="hidden" name="amount" value={quote ? minorToAmount(quote.amountMinor) : amount} />
        {labels.sandbox ? <p className="text-xs font-medium text-amber-900">{labels.sandbox}</p> : null}
        {quote && !loading ? (
          <SubmitButton label={labels.continue} pendingLabel={labels.continuing} />
        ) : (
          <Button type="button" disabled className="justify-self-start">
            {labels.continue}
          </Button>
        )}
        {payError ? (
          <p role="alert" className="text-sm text-destructive">
            {payError}
          </p>
        ) : null}
      </form>
    </div>
  );
}

/** Fils as the amount field takes them (`1234.50`). */
function minorToAmount(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
