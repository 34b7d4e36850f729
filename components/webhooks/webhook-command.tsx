'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import {
  deleteWebhookEndpointAction,
  resendWebhookDeliveryAction,
  sendWebhookTestAction,
  setWebhookEndpointEnabledAction,
  type WebhookCommandState,
} from '@/server/webhooks/webhook-actions';

const ACTIONS = {
  test: sendWebhookTestAction,
  enable: setWebhookEndpointEnabledAction,
  disable: setWebhookEndpointEnabledAction,
  delete: deleteWebhookEndpointAction,
  resend: resendWebhookDeliveryAction,
} as const;

export type WebhookCommandKind = keyof typeof ACTIONS;

/**
 * One button of an endpoint or a delivery (send a test event, switch on or off, delete, resend):
 * a form with the ids it acts on, which posts before hydration too, and says what happened
 * beside itself.
 */
export function WebhookCommand({
  kind,
  fields,
  label,
  pendingLabel,
  destructive = false,
  variant = 'outline',
}: {
  kind: WebhookCommandKind;
  fields: Record<string, string>;
  label: string;
  pendingLabel?: string;
  destructive?: boolean;
  variant?: 'outline' | 'default';
}) {
  const [state, action] = useActionState<WebhookCommandState, FormData>(ACTIONS[kind], null);
  useActionFailureFeedback(state);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton label={label} pendingLabel={pendingLabel} size="sm" variant={variant} destructive={destructive} />
      <p role="status" aria-live="polite" className={state?.ok === false ? 'text-sm text-destructive' : 'text-sm text-success'}>
        {state ? (state.ok ? state.data.message : state.message) : null}
      </p>
    </form>
  );
}
