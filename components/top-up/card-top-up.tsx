'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { useApiFetch } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import type { TopUpQuote } from '@/server/shared/top-up/top-up-fee';
import { formatMoney } from '@/server/shared/money/money';

export type CardTopUpLabels = {
  amount: string;
  amountHint: string;
  calculate: string;
  /** 'Card fee (2.5%)', with the operator's percent filled in. */
  fee: string;
  total: string;
  continue: string;
  cardLater: string;
  calculating: string;
};

type Quote = TopUpQuote & { currency: 'AED' };

/**
 * The card top-up's first step: the amount and the fee the server charges for it (spec §9). Before
 * hydration it is a GET form that reloads the page with `?amount=`; hydrated, the fee follows the
 * amount as it is typed (a newer request aborts the older one).
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
    const result = await fetchApi<Quote>(`/api/b2b/balance/topupfee?${query}`, { signal: controller.signal, quietValidation: typing });
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
      <div className="grid gap-2">
        <Button type="button" disabled className="justify-self-start">
          {labels.continue}
        </Button>
        <p className="text-sm text-muted-foreground">{labels.cardLater}</p>
      </div>
    </div>
  );
}
