'use client';

import { useActionState } from 'react';
import { signOutEverywhereAction, type SignOutEverywhereState } from '@/server/auth/auth-actions';
import { FormAlert } from './form-alert';
import { SubmitButton } from './submit-button';

/** The /my-account button that ends every session of the agent; success leaves for home. */
export function SignOutEverywhereForm({ labels }: { labels: { submit: string; submitting: string } }) {
  const [state, formAction] = useActionState<SignOutEverywhereState, FormData>(signOutEverywhereAction, null);
  return (
    <form action={formAction} className="grid max-w-md gap-4">
      {state?.ok === false ? <FormAlert tone="error">{state.message}</FormAlert> : null}
      <SubmitButton label={labels.submit} busyLabel={labels.submitting} />
    </form>
  );
}
