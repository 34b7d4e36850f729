'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { completeEnrolmentAction, type EnrolmentResult } from '@/server/staff/enrolment-actions';

export type EnrolmentFormLabels = {
  password: string;
  passwordHint: string;
  code: string;
  codeHint: string;
  submit: string;
  submitting: string;
  doneTitle: string;
  doneBody: string;
  signIn: string;
};

/** The member's password and a code from their new authenticator; then, once, their recovery codes. */
export function StaffEnrolmentForm({ token, signInHref, labels }: { token: string; signInHref: string; labels: EnrolmentFormLabels }) {
  const [state, action] = useActionState<EnrolmentResult, FormData>(completeEnrolmentAction, null);
  if (state?.ok) {
    return (
      <section role="status" className="grid gap-3 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-sm dark:bg-emerald-950/30" data-testid="enrolment-done">
        <h2 className="text-lg font-semibold">{labels.doneTitle}</h2>
        <p>{labels.doneBody}</p>
        <ul className="grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
          {state.data.recoveryCodes.map((code) => (
            <li key={code} data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ul>
        <a href={signInHref} className="font-medium underline">
          {labels.signIn}
        </a>
      </section>
    );
  }
  const errors: Partial<Record<string, string>> = state && !state.ok ? state.fieldErrors : {};
  return (
    <form action={action} className="grid gap-4" noValidate onReset={(event) => event.preventDefault()}>
      {state && !state.ok ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <FormField name="password" label={labels.password} hint={labels.passwordHint} error={errors.password}>
        <Input name="password" type="password" autoComplete="new-password" required />
      </FormField>
      <FormField name="code" label={labels.code} hint={labels.codeHint} error={errors.code}>
        <Input name="code" autoComplete="one-time-code" inputMode="numeric" required maxLength={6} />
      </FormField>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner className="justify-self-start" />
    </form>
  );
}
