'use client';

import { useActionState, useEffect, useSyncExternalStore } from 'react';
import { FormAlert } from '@/components/account/form-alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { payQuoteAction, type PayQuoteState } from '@/server/quotes/quote-actions';

const noSubscription = () => () => {};

/**
 * The guest's "Pay by card": the action books (re-checking the places) and sends the guest to the
 * card page; a refusal (the places gone, the link expired) shows here and nothing is charged.
 * Hydrated, the action answers the card page's URL and the browser goes there itself: Next would
 * render an action's redirect through the router, and on an agency's widget domain that router is
 * the widget site's, which has no such page. Before hydration a plain post is redirected there.
 */
export function PayQuoteForm({ token, label, pendingLabel }: { token: string; label: string; pendingLabel: string }) {
  const [state, formAction] = useActionState<PayQuoteState, FormData>(payQuoteAction, null);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  useEffect(() => {
    if (state?.ok) window.location.assign(state.paymentUrl);
  }, [state]);
  return (
    <form action={formAction} className="grid gap-3">
      {state && !state.ok ? (
        <FormAlert tone="error" id="pay-error">
          {state.message}
        </FormAlert>
      ) : null}
      <input type="hidden" name="token" value={token} />
      {hydrated ? <input type="hidden" name="navigates" value="1" /> : null}
      <SubmitButton label={label} pendingLabel={pendingLabel} pending={state?.ok ? true : undefined} spinner size="lg" className="w-full" describedBy={state && !state.ok ? 'pay-error' : undefined} />
    </form>
  );
}
