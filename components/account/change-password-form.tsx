'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { PASSWORD_MIN_LENGTH } from '@/shared/account/password-policy';
import { changePasswordAction, type ChangePasswordState } from '@/server/account/account-actions';
import { FormAlert } from './form-alert';
import { SubmitButton } from '@/components/forms/submit-button';

export type ChangePasswordFormLabels = {
  current: string;
  new: string;
  newHint: string;
  confirm: string;
  invalid: string;
  done: string;
  submit: string;
  submitting: string;
};

/** The change-password form of /my-account (current, new, repeat). Fields clear after each post. */
export function ChangePasswordForm({ email, labels }: { email: string; labels: ChangePasswordFormLabels }) {
  const [state, formAction] = useActionState<ChangePasswordState, FormData>(changePasswordAction, null);
  useActionFailureFeedback(state);
  const failure = state?.ok === false ? state : null;
  const errors = failure?.fieldErrors ?? {};
  const alert = failure && (Object.keys(errors).length > 0 ? labels.invalid : failure.message);
  return (
    <form action={formAction} noValidate className="grid max-w-md gap-5">
      {state?.ok ? <FormAlert tone="notice">{labels.done}</FormAlert> : null}
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField name="currentPassword" label={labels.current} error={errors.currentPassword}>
        <Input name="currentPassword" type="password" autoComplete="current-password" required maxLength={200} />
      </FormField>
      <FormField name="newPassword" label={labels.new} hint={labels.newHint} error={errors.newPassword}>
        <Input name="newPassword" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={200} />
      </FormField>
      <FormField name="confirmPassword" label={labels.confirm} error={errors.confirmPassword}>
        <Input name="confirmPassword" type="password" autoComplete="new-password" required maxLength={200} />
      </FormField>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner size="lg" className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}
