'use server';

import 'server-only';
import { getTranslations } from 'next-intl/server';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { createEndpointSchema, endpointIdSchema, resendDeliverySchema, setEndpointEnabledSchema } from '@/shared/webhooks/webhook-schema';
import { createEndpoint, deleteEndpoint, resendDelivery, sendTestEvent, setEndpointEnabled } from './manage-webhooks';

type Done = { message: string };

/** The add form's result: the new endpoint's secret (shown this once), or what was typed. */
export type CreateEndpointState = (ActionResult<Done & { secret: string }, 'url' | 'events'> & { values: Partial<Record<'url', string>> }) | null;

/** A one-button form's result (switch on or off, delete, test, resend). */
export type WebhookCommandState = ActionResult<Done> | null;

export const createWebhookEndpointAction = runAction({
  schema: createEndpointSchema,
  form: { arrays: ['events'], echo: ['url'] },
  permission: 'company:edit',
  run: async (input, { principal, db }) => {
    const { secret } = await createEndpoint(db, principal, input);
    return { secret, message: (await getTranslations('webhooks'))('create.done') };
  },
  revalidate: { refresh: true },
  // The form starts empty again for the next endpoint.
  answer: (result): CreateEndpointState => (result.ok ? { ...result, values: {} } : result),
});

export const setWebhookEndpointEnabledAction = runAction({
  schema: setEndpointEnabledSchema,
  permission: 'company:edit',
  invalidMessage: 'errors.notFound',
  run: async ({ endpointId, enabled }, { principal, db }) => {
    await setEndpointEnabled(db, principal, endpointId, enabled);
    return { message: (await getTranslations('webhooks'))(enabled ? 'endpoint.switchedOn' : 'endpoint.switchedOff') };
  },
  revalidate: { refresh: true },
  answer: (result): WebhookCommandState => result,
});

export const deleteWebhookEndpointAction = runAction({
  schema: endpointIdSchema,
  permission: 'company:edit',
  invalidMessage: 'errors.notFound',
  run: async ({ endpointId }, { principal, db }) => {
    await deleteEndpoint(db, principal, endpointId);
    return { message: (await getTranslations('webhooks'))('endpoint.removed') };
  },
  revalidate: { refresh: true },
  answer: (result): WebhookCommandState => result,
});

export const sendWebhookTestAction = runAction({
  schema: endpointIdSchema,
  permission: 'company:edit',
  invalidMessage: 'errors.notFound',
  run: async ({ endpointId }, { principal, db }) => {
    await sendTestEvent(db, principal, endpointId);
    return { message: (await getTranslations('webhooks'))('endpoint.testSent') };
  },
  revalidate: { refresh: true },
  answer: (result): WebhookCommandState => result,
});

export const resendWebhookDeliveryAction = runAction({
  schema: resendDeliverySchema,
  permission: 'company:edit',
  invalidMessage: 'errors.notFound',
  run: async ({ deliveryId }, { principal, db }) => {
    await resendDelivery(db, principal, deliveryId);
    return { message: (await getTranslations('webhooks'))('deliveries.resent') };
  },
  revalidate: { refresh: true },
  answer: (result): WebhookCommandState => result,
});
