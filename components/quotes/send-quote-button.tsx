'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { sendQuoteAction, type SendQuoteState } from '@/server/quotes/quote-actions';

export type SendQuoteLabels = { button: string; sent: string; alreadySent: string };

/** Mails the quote to its guest; says to whom, or why not. `{email}` in the labels is the guest's address. */
export function SendQuoteButton({ quoteId, labels }: { quoteId: string; labels: SendQuoteLabels }) {
  const [state, formAction] = useActionState<SendQuoteState, FormData>(sendQuoteAction, null);
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="quoteId" value={quoteId} />
      <SubmitButton label={labels.button} variant="outline" size="sm" />
      {state?.ok ? (
        <p role="status" className="text-xs text-muted-foreground" data-testid="quote-sent">
          {(state.data.alreadySent ? labels.alreadySent : labels.sent).replace('{email}', state.data.sentTo)}
        </p>
      ) : state ? (
        <p role="alert" className="text-xs text-destructive">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
