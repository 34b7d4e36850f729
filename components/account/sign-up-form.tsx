'use client';

import { type FormEvent, useActionState, useTransition } from 'react';
import { FileField } from '@/components/forms/file-field';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { signUpAction, type SignUpState } from '@/server/account/account-actions';
import { FormAlert } from './form-alert';
import { MailSentNotice } from './mail-sent-notice';
import { SubmitButton } from '@/components/forms/submit-button';

export type SignUpFormLabels = {
  name: string;
  nameHint: string;
  email: string;
  emailHint: string;
  contactPhone: string;
  contactPhoneHint: string;
  companyName: string;
  companyNameHint: string;
  documents: string;
  tradeLicence: string;
  tradeLicenceExpiry: string;
  tradeLicenceExpiryHint: string;
  vatCertificate: string;
  fileHint: string;
  tooLarge: string;
  download: string;
  invalid: string;
  submit: string;
  submitting: string;
  sentTitle: string;
  /** Contains `{email}`, where the address goes. */
  sentText: string;
  sentApproval: string;
};

/**
 * The sign-up form (multipart). A plain form posting to the action before hydration; hydrated, it
 * posts in a transition instead, so the chosen files stay chosen when a field needs fixing.
 */
export function SignUpForm({ accept, labels }: { accept: string; labels: SignUpFormLabels }) {
  const [state, formAction, pending] = useActionState<SignUpState, FormData>(signUpAction, null);
  useActionFailureFeedback(state);
  const [, startTransition] = useTransition();

  if (state?.ok) {
    return (
      <MailSentNotice title={labels.sentTitle} text={labels.sentText} email={state.email}>
        <p className="text-sm text-muted-foreground">{labels.sentApproval}</p>
      </MailSentNotice>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // A file input left empty is a nameless empty file. Re-encoded for the action it would arrive
    // with a name, looking like a chosen empty file: leave it out, as the browser's own post does.
    for (const [name, value] of [...data]) {
      if (value instanceof File && value.size === 0 && value.name === '') data.delete(name);
    }
    startTransition(() => formAction(data));
  }

  const failure = state?.ok === false ? state : null;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const alert = failure && (Object.keys(errors).length > 0 ? labels.invalid : failure.message);
  return (
    <form action={formAction} onSubmit={submit} noValidate className="grid gap-5" aria-describedby={alert ? 'sign-up-error' : undefined}>
      {alert ? (
        <FormAlert id="sign-up-error" tone="error">
          {alert}
        </FormAlert>
      ) : null}
      <FormField name="name" label={labels.name} hint={labels.nameHint} error={errors.name}>
        <Input name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} />
      </FormField>
      <FormField name="email" label={labels.email} hint={labels.emailHint} error={errors.email}>
        <Input name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} />
      </FormField>
      <FormField name="contactPhone" label={labels.contactPhone} hint={labels.contactPhoneHint} error={errors.contactPhone}>
        <Input name="contactPhone" type="tel" autoComplete="tel" required maxLength={30} defaultValue={values.contactPhone} />
      </FormField>
      <FormField name="companyName" label={labels.companyName} hint={labels.companyNameHint} error={errors.companyName}>
        <Input name="companyName" autoComplete="organization" required maxLength={150} defaultValue={values.companyName} />
      </FormField>
      <fieldset className="grid gap-5">
        <legend className="mb-1 font-semibold">{labels.documents}</legend>
        <FileField
          name="tradeLicence"
          label={labels.tradeLicence}
          accept={accept}
          hint={labels.fileHint}
          error={errors.tradeLicence}
          required
          labels={{ tooLarge: labels.tooLarge, download: labels.download }}
        />
        <FormField name="tradeLicenceExpiry" label={labels.tradeLicenceExpiry} hint={labels.tradeLicenceExpiryHint} error={errors.tradeLicenceExpiry}>
          <Input name="tradeLicenceExpiry" type="date" required defaultValue={values.tradeLicenceExpiry} className="w-auto" />
        </FormField>
        <FileField
          name="vatCertificate"
          label={labels.vatCertificate}
          accept={accept}
          hint={labels.fileHint}
          error={errors.vatCertificate}
          labels={{ tooLarge: labels.tooLarge, download: labels.download }}
        />
      </fieldset>
      <SubmitButton label={labels.submit} pendingLabel={labels.submitting} pending={pending} spinner size="lg" className="w-full sm:w-auto sm:justify-self-start" />
    </form>
  );
}
