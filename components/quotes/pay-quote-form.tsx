'use client';

import { useActionState } from 'react';
import { FormAlert } from '@/components/account/form-alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { payQuoteAction, type PayQuoteState } from '@/server/quotes/quote-actions';

/**
 * The guest's "Pay by card": the action books (re-checking the places) and sends the guest to the
 * card page; a refusal (the places gone, the link expired) shows here and nothing is charged.
 * Works before hydration: a plain form post, answered by a redirect.
 */
export function PayQuoteForm({ token, label, pendingLabel }: { token: string; label: string; pendingLabel: string }) {
  const [state, formAction] = useActionState<PayQuoteState, FormData>(payQuoteAction, null);
  return (
    <form action={formAction} className="grid gap-3">
      {state && !state.ok ? (
        <FormAlert tone="error" id="pay-error">
          {state.message}
        </FormAlert>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <SubmitButton label={label} pendingLabel={pendingLabel} spinner size="lg" className="w-full" describedBy={state && !state.ok ? 'pay-error' : undefined} />
    </form>
  );
}
