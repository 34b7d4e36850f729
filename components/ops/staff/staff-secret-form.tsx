'use client';

import { useRouter } from 'next/navigation';
import { type ComponentProps, useActionState, useEffect } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ActionResult } from '@/server/actions/run-action';

// A staff form whose success shows, once, what the member needs: their one-time enrolment link
// (where they choose their own password and authenticator; the admin never sees a secret) or new
// recovery codes. Nothing of it is kept: leaving the page loses it, as it should.

export type StaffSecrets = { email: string; recoveryCodes?: string[]; enrolmentUrl?: string };
type State = ActionResult<StaffSecrets> | null;

export type SecretFormLabels = {
  shownOnce: string;
  /** With `{email}`: what the enrolment link is for. */
  link: string;
  codes: string;
};

export type SecretFormField = { name: string; label: string; hint?: string; type?: string; autoComplete?: string; options?: { value: string; label: string }[] };

export function StaffSecretForm({
  action,
  fields = [],
  hidden = {},
  submitLabel,
  pendingLabel,
  submitVariant,
  labels,
  idPrefix,
}: {
  action: (previous: State, formData: FormData) => Promise<State>;
  fields?: SecretFormField[];
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  labels: SecretFormLabels;
  idPrefix: string;
}) {
  const [state, formAction] = useActionState<State, FormData>(action, null);
  const router = useRouter();
  useActionFailureFeedback(state);
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  const errors: Partial<Record<string, string>> = state && !state.ok ? state.fieldErrors : {};
  return (
    <div className="grid gap-3">
      {/* React resets a form after its action: what was typed stays for a correction. */}
      <form action={formAction} className="grid gap-3" noValidate onReset={(event) => event.preventDefault()}>
        {state && !state.ok ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {state.message}
          </p>
        ) : null}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields.map((field) => (
          <FormField key={field.name} name={field.name} id={`${idPrefix}-${field.name}`} label={field.label} hint={field.hint} error={errors[field.name]}>
            {field.options ? (
              <select name={field.name} className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base md:text-sm">
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <Input name={field.name} type={field.type ?? 'text'} autoComplete={field.autoComplete} />
            )}
          </FormField>
        ))}
        <SubmitButton label={submitLabel} pendingLabel={pendingLabel} spinner variant={submitVariant} className="justify-self-start" />
      </form>
      {state?.ok ? <Secrets secrets={state.data} labels={labels} /> : null}
    </div>
  );
}

function Secrets({ secrets, labels }: { secrets: StaffSecrets; labels: SecretFormLabels }) {
  return (
    <section role="status" className="grid gap-3 rounded-lg border border-amber-500/50 bg-amber-50 p-4 text-sm dark:bg-amber-950/30" data-testid="staff-secrets">
      {secrets.enrolmentUrl ? (
        <>
          <p className="font-medium">{labels.link.replace('{email}', secrets.email)}</p>
          <p className="font-mono text-xs break-all" data-testid="enrolment-link">
            {secrets.enrolmentUrl}
          </p>
        </>
      ) : null}
      {secrets.recoveryCodes ? (
        <div>
          <p className="font-medium">{labels.shownOnce.replace('{email}', secrets.email)}</p>
          <p className="mt-2 font-medium">{labels.codes}</p>
          <ul className="mt-1 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
            {secrets.recoveryCodes.map((code) => (
              <li key={code} data-testid="recovery-code">
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
