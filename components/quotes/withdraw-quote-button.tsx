'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { withdrawQuoteAction, type WithdrawQuoteState } from '@/server/quotes/quote-actions';

/** Ends a quote's link at once; the list renders again with its new state. */
export function WithdrawQuoteButton({ quoteId, label }: { quoteId: string; label: string }) {
  const [state, formAction] = useActionState<WithdrawQuoteState, FormData>(withdrawQuoteAction, null);
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="quoteId" value={quoteId} />
      <SubmitButton label={label} variant="outline" size="sm" />
      {state && !state.ok ? (
        <p role="alert" className="text-xs text-destructive">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
