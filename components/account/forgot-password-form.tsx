'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { forgotPasswordAction, type ForgotPasswordState } from '@/server/account/account-actions';
import { FormAlert } from './form-alert';
import { MailSentNotice } from './mail-sent-notice';
import { SubmitButton } from '@/components/forms/submit-button';

export type ForgotPasswordFormLabels = {
  email: string;
  submit: string;
  submitting: string;
  sentTitle: string;
  /** Contains `{email}`, where the address goes. */
  sentText: string;
};

/** Asks for a reset link. The answer is the same for any address (no account enumeration). */
export function ForgotPasswordForm({ labels }: { labels: ForgotPasswordFormLabels }) {
  const [state, formAction] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, null);
  useActionFailureFeedback(state);
  if (state?.ok) return <MailSentNotice title={labels.sentTitle} text={labels.sentText} email={state.email} />;

  const failure = state?.ok === false ? state : null;
  return (
    <form action={formAction} noValidate className="grid gap-5">
      {failure && !failure.fieldErrors.email ? <FormAlert tone="error">{failure.message}</FormAlert> : null}
      <FormField name="email" label={labels.email} error={failure?.fieldErrors.email}>
        <Input name="email" type="email" autoComplete="username" required maxLength={254} defaultValue={failure?.values.email} />
      </FormField>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner size="lg" className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}
