'use client';

import { KeyRound } from 'lucide-react';
import { useActionState, useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { createApiKeyAction, type CreateApiKeyState } from '@/server/api-access/api-key-actions';
import { API_KEY_LIFETIMES } from '@/shared/api-access/api-key-schema';
import { API_SCOPES } from '@/shared/auth/permissions';
import type { CreateApiKeyLabels } from './api-key-labels';

/**
 * The "new API key" form: a name, the scopes and a lifetime. The key made is shown once, here,
 * with a copy button; the page keeps only its first characters. Posts before hydration too.
 */
export function CreateApiKeyForm({ labels }: { labels: CreateApiKeyLabels }) {
  const [state, formAction] = useActionState<CreateApiKeyState, FormData>(createApiKeyAction, null);
  useActionFailureFeedback(state);
  const failure = state?.ok === false ? state : null;
  const created = state?.ok ? state.data : null;
  const secretRef = useRef<HTMLDivElement>(null);
  // Which secret was copied: a new key's button says "Copy" again.
  const [copiedSecret, setCopiedSecret] = useState<string | null>(null);
  const copied = created !== null && copiedSecret === created.secret;

  useEffect(() => {
    if (created) secretRef.current?.focus();
  }, [created]);

  async function copy(secret: string) {
    await navigator.clipboard.writeText(secret);
    setCopiedSecret(secret);
  }

  return (
    <div className="rounded-xl border border-border p-4 md:p-6">
      <h3 className="font-semibold">{labels.title}</h3>
      <form action={formAction} className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <FormField name="name" id="api-key-name" label={labels.name} hint={labels.nameHint} error={failure?.fieldErrors.name}>
          <Input name="name" required maxLength={80} defaultValue={state?.values.name ?? ''} autoComplete="off" />
        </FormField>
        <FormField name="expiresInDays" id="api-key-lifetime" label={labels.lifetime} error={failure?.fieldErrors.expiresInDays}>
          <select
            name="expiresInDays"
            defaultValue={state?.values.expiresInDays ?? '90'}
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base md:text-sm"
          >
            {API_KEY_LIFETIMES.map((days) => (
              <option key={days} value={days}>
                {labels.lifetimes[String(days)]}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="md:col-span-2" aria-describedby={failure?.fieldErrors.scopes ? 'api-key-scopes-error' : undefined}>
          <legend className="text-sm font-medium">{labels.scopes}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex min-h-10 items-start gap-2 text-sm">
                <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === 'catalogue'} className="mt-1 size-4" />
                <span>
                  <span className="font-medium">{labels.scopeNames[scope]}</span>
                  <span className="block text-muted-foreground">{labels.scopeHints[scope]}</span>
                </span>
              </label>
            ))}
          </div>
          {failure?.fieldErrors.scopes ? (
            <p id="api-key-scopes-error" className="mt-1 text-sm text-destructive">
              {failure.fieldErrors.scopes}
            </p>
          ) : null}
        </fieldset>
        <div className="md:col-span-2">
          <SubmitButton label={labels.submit} pendingLabel={labels.submitting} icon={<KeyRound aria-hidden />} spinner />
        </div>
      </form>
      {created ? (
        <div
          ref={secretRef}
          tabIndex={-1}
          role="status"
          aria-labelledby="api-key-secret-title"
          className="mt-4 rounded-lg border border-primary bg-muted p-4 outline-none focus-visible:ring-3 focus-visible:ring-primary/25"
        >
          <p id="api-key-secret-title" className="font-semibold">
            {labels.secretTitle}
          </p>
          <p className="mt-1 text-sm">{created.notice}</p>
          {created.secret.startsWith('td_test_') ? <p className="mt-1 text-sm text-muted-foreground">{labels.testKey}</p> : null}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code data-testid="api-key-secret" className="min-w-0 break-all rounded bg-background px-2 py-1 font-mono text-sm">
              {created.secret}
            </code>
            <Button type="button" variant="outline" onClick={() => void copy(created.secret)}>
              {copied ? labels.copied : labels.copy}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
