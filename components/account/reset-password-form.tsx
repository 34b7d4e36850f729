'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { LocaleLink } from '@/components/i18n/locale-link';
import { Input } from '@/components/ui/input';
import { PASSWORD_MIN_LENGTH } from '@/shared/account/password-policy';
import { resetPasswordAction, type ResetPasswordState } from '@/server/account/account-actions';
import { FormAlert } from './form-alert';
import { SubmitButton } from '@/components/forms/submit-button';

export type ResetPasswordFormLabels = {
  password: string;
  passwordHint: string;
  confirm: string;
  invalid: string;
  requestNew: string;
  submit: string;
  submitting: string;
};

/** Sets the password through a link from an e-mail; success goes on to sign-in. */
export function ResetPasswordForm({ token, email, labels }: { token: string; email: string; labels: ResetPasswordFormLabels }) {
  const [state, formAction] = useActionState<ResetPasswordState, FormData>(resetPasswordAction, null);
  useActionFailureFeedback(state);
  const errors = state?.fieldErrors ?? {};
  // The token is a hidden field: its refusal (used meanwhile, expired) is the form's message.
  const tokenRefused = errors.token !== undefined;
  const alert = state && (tokenRefused || Object.keys(errors).length === 0 ? state.message : labels.invalid);
  return (
    <form action={formAction} noValidate className="grid gap-5">
      <input type="hidden" name="token" value={token} />
      {alert ? (
        <FormAlert tone="error">
          {alert}{' '}
          {tokenRefused ? (
            <LocaleLink href="/forgot-password" className="font-medium underline underline-offset-4">
              {labels.requestNew}
            </LocaleLink>
          ) : null}
        </FormAlert>
      ) : null}
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField name="password" label={labels.password} hint={labels.passwordHint} error={errors.password}>
        <Input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} maxLength={200} />
      </FormField>
      <FormField name="confirmPassword" label={labels.confirm} error={errors.confirmPassword}>
        <Input name="confirmPassword" type="password" autoComplete="new-password" required maxLength={200} />
      </FormField>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner size="lg" className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}
