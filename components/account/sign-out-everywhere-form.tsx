'use client';

import { useActionState } from 'react';
import { signOutEverywhereAction, type SignOutEverywhereState } from '@/server/auth/auth-actions';
import { FormAlert } from './form-alert';
import { SubmitButton } from '@/components/forms/submit-button';

/** The /my-account button that ends every session of the agent; success leaves for home. */
export function SignOutEverywhereForm({ labels }: { labels: { submit: string; submitting: string } }) {
  const [state, formAction] = useActionState<SignOutEverywhereState, FormData>(signOutEverywhereAction, null);
  return (
    <form action={formAction} className="grid max-w-md gap-4">
      {state?.ok === false ? <FormAlert tone="error">{state.message}</FormAlert> : null}
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner size="lg" className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}
