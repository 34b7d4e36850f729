'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { Input } from '@/components/ui/input';
import { type StaffSignInState, staffSignInAction } from '@/server/staff/staff-auth-actions';

export type StaffSignInLabels = { email: string; password: string; code: string; codeHint: string; submit: string; signingIn: string };

/** E-mail, password and the second factor in one form; works before hydration. */
export function StaffSignInForm({ labels, callbackUrl }: { labels: StaffSignInLabels; callbackUrl?: string }) {
  const [state, action] = useActionState<StaffSignInState, FormData>(staffSignInAction, null);
  const locale = useRouteLocale();
  return (
    <form action={action} className="grid gap-4" noValidate>
      {state ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="locale" value={locale} />
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <FormField name="email" label={labels.email}>
        <Input name="email" type="email" autoComplete="username" required defaultValue={state?.email} />
      </FormField>
      <FormField name="password" label={labels.password}>
        <Input name="password" type="password" autoComplete="current-password" required />
      </FormField>
      <FormField name="code" label={labels.code} hint={labels.codeHint}>
        <Input name="code" autoComplete="one-time-code" inputMode="text" required maxLength={20} />
      </FormField>
      <SubmitButton label={labels.submit} pendingLabel={labels.signingIn} spinner />
    </form>
  );
}
