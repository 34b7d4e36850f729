import { createHmac } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { InvalidWebhook, ProviderUnavailable } from '@/server/payments/gateway';
import { stripeGateway, type StripeConfig } from '@/server/payments/providers/stripe';
import { chargeInput, failure, providerServer, requestLog } from './msw-provider';

// Shapes from Stripe's API reference (PaymentIntent, Refund, Event objects) and its documented
// webhook signature: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.

const CONFIG: StripeConfig = {
  secretKey: 'sk_test_51PxTravelDesk0000000000000000',
  publishableKey: 'pk_test_51PxTravelDesk0000000000000000',
  webhookSecret: 'whsec_5f2c9d0e8b7a4c1f9e6d3b2a1c0f9e8d',
  maxNetworkRetries: 0,
};
const API = 'https://api.stripe.com/v1';
const INTENT_ID = 'pi_3QbR7eLkdIwHu7ix0k8Q2f1a';

function paymentIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: INTENT_ID,
    object: 'payment_intent',
    amount: 125_050,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    capture_method: 'automatic_async',
    client_secret: `${INTENT_ID}_secret_Xq1v9ZkT3yP0mW8nR2cF5hJ7a`,
    confirmation_method: 'automatic',
    created: 1764086400,
    currency: 'aed',
    description: 'Booking TD-7K2P9Q',
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { payment_id: chargeInput().paymentId },
    next_action: null,
    payment_method: null,
    payment_method_types: ['card', 'link'],
    receipt_email: 'layla@desert-rose.example',
    status: 'requires_payment_method',
    ...overrides,
  };
}

function signedHeaders(payload: string, timestamp = Math.floor(Date.now() / 1000), secret = CONFIG.webhookSecret) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return new Headers({ 'stripe-signature': `t=${timestamp},v1=${signature}`, 'content-type': 'application/json' });
}

function succeededEvent() {
  return JSON.stringify({
    id: 'evt_3QbR7eLkdIwHu7ix0Yt1ZQ9c',
    object: 'event',
    api_version: '2026-02-25.clover',
    created: 1764086460,
    data: { object: paymentIntent({ status: 'succeeded', amount_received: 125_050 }) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: chargeInput().idempotencyKey },
    type: 'payment_intent.succeeded',
  });
}

const server = providerServer();

describe('Stripe gateway', () => {
  it('creates a PaymentIntent with automatic payment methods and an idempotency key, and hands the browser its client secret', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/payment_intents`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(paymentIntent());
      }),
    );

    const created = await stripeGateway(CONFIG).createCharge(chargeInput());

    const sent = log.only();
    expect(sent.headers.get('authorization')).toBe(`Bearer ${CONFIG.secretKey}`);
    expect(sent.headers.get('idempotency-key')).toBe(chargeInput().idempotencyKey);
    const form = new URLSearchParams(sent.body);
    expect(form.get('amount')).toBe('125050');
    expect(form.get('currency')).toBe('aed');
    expect(form.get('metadata[payment_id]')).toBe(chargeInput().paymentId);
    expect(form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(created).toEqual({
      providerReference: INTENT_ID,
      nextAction: { kind: 'clientSecret', clientSecret: paymentIntent().client_secret, publishableKey: CONFIG.publishableKey },
    });
  });

  it.each([
    ['requires_payment_method', 'pending'],
    ['requires_confirmation', 'pending'],
    ['requires_action', 'pending'],
    ['processing', 'processing'],
    ['succeeded', 'succeeded'],
    ['canceled', 'cancelled'],
  ] as const)('reads a %s PaymentIntent as %s', async (stripeStatus, status) => {
    const log = requestLog();
    server.use(
      http.get(`${API}/payment_intents/:id`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(paymentIntent({ status: stripeStatus }));
      }),
    );

    const state = await stripeGateway(CONFIG).retrieve(INTENT_ID);

    expect(log.only().url.pathname).toBe(`/v1/payment_intents/${INTENT_ID}`);
    expect(state).toEqual({ providerReference: INTENT_ID, status, amountMinor: 125_050, currency: 'AED', paymentId: chargeInput().paymentId });
  });

  it('reads a declined attempt (waiting for a new method, with the last error) as failed with the decline code', async () => {
    server.use(
      http.get(`${API}/payment_intents/:id`, () =>
        HttpResponse.json(
          paymentIntent({
            last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
          }),
        ),
      ),
    );

    const state = await stripeGateway(CONFIG).retrieve(INTENT_ID);

    expect(state.status).toBe('failed');
    expect(state.failureCode).toBe('insufficient_funds');
  });

  it('refunds the PaymentIntent with the refund id as idempotency key', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/refunds`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({
          id: 're_3QbR7eLkdIwHu7ix1Jd0pQ2s',
          object: 'refund',
          amount: 50_000,
          currency: 'aed',
          payment_intent: INTENT_ID,
          reason: null,
          status: 'pending',
        });
      }),
    );

    const refund = await stripeGateway(CONFIG).refund({
      providerReference: INTENT_ID,
      amountMinor: 50_000,
      currency: 'AED',
      idempotencyKey: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10',
    });

    const sent = log.only();
    expect(sent.headers.get('idempotency-key')).toBe('6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10');
    const form = new URLSearchParams(sent.body);
    expect(form.get('payment_intent')).toBe(INTENT_ID);
    expect(form.get('amount')).toBe('50000');
    expect(refund).toEqual({ refundReference: 're_3QbR7eLkdIwHu7ix1Jd0pQ2s', status: 'pending' });
  });

  it('turns a Stripe 5xx into ProviderUnavailable', async () => {
    server.use(
      http.post(`${API}/payment_intents`, () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, { status: 500 }),
      ),
    );

    const error = await failure(stripeGateway(CONFIG).createCharge(chargeInput()));

    expect(error).toBeInstanceOf(ProviderUnavailable);
  });

  it('retries a 5xx with the same idempotency key when retries are on', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/payment_intents`, async ({ request }) => {
        await log.record(request);
        return log.seen.length === 1
          ? HttpResponse.json({ error: { type: 'api_error' } }, { status: 503 })
          : HttpResponse.json(paymentIntent());
      }),
    );

    const created = await stripeGateway({ ...CONFIG, maxNetworkRetries: 1 }).createCharge(chargeInput());

    expect(created.providerReference).toBe(INTENT_ID);
    expect(log.seen.map((seen) => seen.headers.get('idempotency-key'))).toEqual([chargeInput().idempotencyKey, chargeInput().idempotencyKey]);
  });

  it('verifies a signed webhook on its raw body and names the PaymentIntent and our payment', async () => {
    const payload = succeededEvent();

    const event = await stripeGateway(CONFIG).parseWebhook(new TextEncoder().encode(payload), signedHeaders(payload));

    expect(event).toMatchObject({
      eventId: 'evt_3QbR7eLkdIwHu7ix0Yt1ZQ9c',
      type: 'payment_intent.succeeded',
      providerReference: INTENT_ID,
      paymentId: chargeInput().paymentId,
    });
  });

  it('refuses a webhook signed with another secret, or whose body was changed after signing', async () => {
    const payload = succeededEvent();
    const gateway = stripeGateway(CONFIG);

    const forged = await failure(gateway.parseWebhook(new TextEncoder().encode(payload), signedHeaders(payload, undefined, 'whsec_not_ours')));
    const tampered = await failure(
      gateway.parseWebhook(new TextEncoder().encode(payload.replace('125050', '1')), signedHeaders(payload)),
    );
    const unsigned = await failure(gateway.parseWebhook(new TextEncoder().encode(payload), new Headers()));

    expect(forged).toBeInstanceOf(InvalidWebhook);
    expect(tampered).toBeInstanceOf(InvalidWebhook);
    expect(unsigned).toBeInstanceOf(InvalidWebhook);
  });

  it('refuses a correctly signed webhook older than the 300 s tolerance (a replay)', async () => {
    const payload = succeededEvent();
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

    const error = await failure(stripeGateway(CONFIG).parseWebhook(new TextEncoder().encode(payload), signedHeaders(payload, tenMinutesAgo)));

    expect(error).toBeInstanceOf(InvalidWebhook);
    expect(error.message).toMatch(/tolerance/i);
  });
});
