'use client';

import { useActionState } from 'react';
import { FileField, type FileFieldLabels } from '@/components/forms/file-field';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { type DepositNoticeState, submitDepositNoticeAction } from '@/server/top-up/deposit-actions';

export type DepositNoticeFormLabels = {
  amount: string;
  amountHint: string;
  transferDate: string;
  bankReference: string;
  bankReferenceHint: string;
  slip: string;
  slipHint: string;
  submit: string;
  sending: string;
  reattach: string;
  file: FileFieldLabels;
};

/**
 * Tells the operator about a bank transfer, with the payment slip. A plain multipart form post
 * before hydration; a refusal keeps what was typed (a browser cannot refill a file input, so the
 * message asks to attach the slip again).
 */
export function DepositNoticeForm({ labels, accept, today }: { labels: DepositNoticeFormLabels; accept: string; today: string }) {
  const [state, action] = useActionState<DepositNoticeState, FormData>(submitDepositNoticeAction, null);
  useActionFailureFeedback(state);
  const errors = state?.fieldErrors ?? {};
  const values = state?.values;
  return (
    <form action={action} className="grid gap-4" noValidate>
      {state ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p>{state.message}</p>
          {errors.slip ? null : <p className="mt-1">{labels.reattach}</p>}
        </div>
      ) : null}
      {/* Top-aligned: a hint or an error under one field must not push its neighbour's input down. */}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField name="amount" label={labels.amount} hint={labels.amountHint} error={errors.amount}>
          <Input name="amount" inputMode="decimal" autoComplete="off" required defaultValue={values?.amount} />
        </FormField>
        <FormField name="transferDate" label={labels.transferDate} error={errors.transferDate}>
          <Input name="transferDate" type="date" max={today} defaultValue={values?.transferDate ?? today} required />
        </FormField>
      </div>
      <FormField name="bankReference" label={labels.bankReference} hint={labels.bankReferenceHint} error={errors.bankReference}>
        <Input name="bankReference" autoComplete="off" maxLength={60} required defaultValue={values?.bankReference} />
      </FormField>
      <FileField name="slip" label={labels.slip} hint={labels.slipHint} accept={accept} error={errors.slip} required labels={labels.file} />
      <SubmitButton label={labels.submit} pendingLabel={labels.sending} spinner className="justify-self-start" />
    </form>
  );
}
