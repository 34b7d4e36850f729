// Webhooks out: the events an agency's endpoint may receive and the endpoint form's schema,
// shared by the /my-agencies forms and the webhook actions. Pure. Error messages are message keys
// (in `webhooks.errors`).
import { z } from 'zod';
import { text } from '@/shared/text';

/** Every event type a change of the portal sends (docs/webhooks.md lists their payloads). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.amended',
  'payment.settled',
  'payment.refunded',
  'balance.credited',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send test event" delivers; never written by a change. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The most endpoints one agency may keep. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const endpointId = z.uuid({ error: 'errors.notFound' });

export const createEndpointSchema = z.object({
  url: text({ error: 'webhooks.errors.url' })
    .min(1, { error: 'webhooks.errors.url' })
    .max(2000, { error: 'webhooks.errors.url' })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: 'webhooks.errors.url' }),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES), { error: 'webhooks.errors.events' }).min(1, { error: 'webhooks.errors.events' }),
});
export type CreateEndpointInput = z.output<typeof createEndpointSchema>;

export const endpointIdSchema = z.object({ endpointId });
export const setEndpointEnabledSchema = z.object({ endpointId, enabled: z.enum(['on', 'off']).transform((value) => value === 'on') });
export const resendDeliverySchema = z.object({ deliveryId: z.uuid({ error: 'errors.notFound' }) });
