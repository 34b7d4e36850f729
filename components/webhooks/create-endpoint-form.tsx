'use client';

import { useActionState } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Input } from '@/components/ui/input';
import { type CreateEndpointState, createWebhookEndpointAction } from '@/server/webhooks/webhook-actions';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/shared/webhooks/webhook-schema';

export type CreateEndpointLabels = {
  title: string;
  url: string;
  urlHint: string;
  events: string;
  eventNames: Record<WebhookEventType, string>;
  submit: string;
  submitting: string;
  secretTitle: string;
  secretOnce: string;
  secretLabel: string;
};

/**
 * Adds an endpoint: its URL and the events it takes (all ticked at first). The answer carries the
 * endpoint's signing secret, shown here once and never again (the page's loader never reads it).
 * A plain form post before hydration.
 */
export function CreateEndpointForm({ labels }: { labels: CreateEndpointLabels }) {
  const [state, action] = useActionState<CreateEndpointState, FormData>(createWebhookEndpointAction, null);
  useActionFailureFeedback(state);
  const failure = state?.ok === false ? state : null;
  return (
    <div className="rounded-xl border border-border p-4">
      <h3 className="font-semibold">{labels.title}</h3>
      {state?.ok ? (
        <div role="status" aria-live="polite" className="mt-3 rounded-lg border border-success/40 bg-success/5 p-3 text-sm">
          <p className="font-medium">{state.data.message}</p>
          <p className="mt-2 font-medium">{labels.secretTitle}</p>
          <p className="mt-1">{labels.secretOnce}</p>
          <label className="mt-2 grid gap-1">
            <span className="font-medium">{labels.secretLabel}</span>
            <input readOnly value={state.data.secret} data-testid="webhook-secret" className="h-10 w-full rounded-lg border border-input bg-background px-3 font-mono text-sm break-all" onFocus={(event) => event.currentTarget.select()} />
          </label>
        </div>
      ) : null}
      <form action={action} className="mt-3 grid gap-4" noValidate>
        <FormField name="url" id="webhook-url" label={labels.url} hint={labels.urlHint} error={failure?.fieldErrors.url}>
          <Input name="url" type="url" inputMode="url" autoComplete="off" defaultValue={failure ? (state?.values.url ?? '') : ''} placeholder="https://" />
        </FormField>
        <fieldset className="grid gap-2" aria-describedby={failure?.fieldErrors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium">{labels.events}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex min-h-10 items-center gap-2 text-sm">
                <input type="checkbox" name="events" value={type} defaultChecked className="size-4" />
                <span>{labels.eventNames[type]}</span>
                <code className="text-xs text-muted-foreground">{type}</code>
              </label>
            ))}
          </div>
          {failure?.fieldErrors.events ? (
            <p id="webhook-events-error" className="text-sm text-destructive">
              {failure.fieldErrors.events}
            </p>
          ) : null}
        </fieldset>
        {failure && !failure.fieldErrors.url && !failure.fieldErrors.events ? (
          <p role="alert" className="text-sm text-destructive">
            {failure.message}
          </p>
        ) : null}
        <div>
          <SubmitButton label={labels.submit} pendingLabel={labels.submitting} spinner />
        </div>
      </form>
    </div>
  );
}
