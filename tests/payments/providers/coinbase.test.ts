import { createHmac } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { InvalidWebhook, ProviderUnavailable } from '@/server/payments/gateway';
import { coinbaseGateway } from '@/server/payments/providers/coinbase';
import { chargeInput, failure, providerServer, requestLog } from './msw-provider';

// Shapes from Coinbase's Commerce docs (docs.cdp.coinbase.com: Charges API reference, "Payment
// status", webhook "Fields" and "Security"): `{ data: charge }` answers, a `timeline` whose last
// entry is the state, and `X-CC-Webhook-Signature` = hex HMAC-SHA256 of the raw body.

const API_KEY = '2226376d-53a4-484a-a838-99f960a6a432';
const WEBHOOK_SECRET = 'b6a2c1f0-3e9d-4c7b-8a5f-1d2e3f4a5b6c';
const API = 'https://api.commerce.coinbase.com';
const CHARGE_ID = '2aee9dd1-67b8-43ef-8dfe-977959850f27';

function coinbaseCharge(timeline: string[] = ['NEW'], overrides: Record<string, unknown> = {}) {
  return {
    id: CHARGE_ID,
    code: 'XA6G6ZFR',
    charge_kind: 'WEB3',
    name: 'Booking TD-7K2P9Q',
    description: 'Booking TD-7K2P9Q',
    created_at: '2025-11-25T16:00:00Z',
    expires_at: '2025-11-25T17:00:00Z',
    hosted_url: 'https://commerce.coinbase.com/pay/2aee9dd1-67b8-43ef-8dfe-977959850f27',
    pricing_type: 'fixed_price',
    pricing: { local: { amount: '1250.50', currency: 'AED' }, settlement: { amount: '340.47', currency: 'USDC' } },
    metadata: { payment_id: chargeInput().paymentId, customer_email: 'layla@desert-rose.example' },
    redirects: { cancel_url: chargeInput().returnUrl, success_url: chargeInput().returnUrl, will_redirect_after_success: true },
    timeline: timeline.map((status, index) => ({ status, time: `2025-11-25T16:0${index}:00Z` })),
    payments: [],
    web3_data: { failure_events: [], success_events: [] },
    ...overrides,
  };
}

function webhookBody(type: string, timeline: string[]) {
  return JSON.stringify({
    attempt_number: 1,
    id: '9a4b0d6e-2f4c-4b1e-8f7a-3c5d6e7f8a9b',
    scheduled_for: '2025-11-25T16:30:00Z',
    event: {
      api_version: '2018-03-22',
      created_at: '2025-11-25T16:30:00Z',
      data: coinbaseCharge(timeline),
      id: '24934862-d980-46cb-9402-43c81b0cdba6',
      resource: 'event',
      type,
    },
  });
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

const server = providerServer();
const gateway = () => coinbaseGateway({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });

describe('Coinbase gateway', () => {
  it('creates a fixed-price charge in the booking’s currency and redirects to the hosted page', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/charges`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({ data: coinbaseCharge(), warnings: [] }, { status: 201 });
      }),
    );

    const created = await gateway().createCharge(chargeInput());

    const sent = log.only();
    expect(sent.headers.get('x-cc-api-key')).toBe(API_KEY);
    expect(sent.headers.get('x-cc-version')).toBe('2018-03-22');
    expect(JSON.parse(sent.body)).toMatchObject({
      pricing_type: 'fixed_price',
      local_price: { amount: '1250.50', currency: 'AED' },
      metadata: { payment_id: chargeInput().paymentId },
      redirect_url: chargeInput().returnUrl,
      cancel_url: chargeInput().returnUrl,
    });
    expect(created).toEqual({ providerReference: CHARGE_ID, nextAction: { kind: 'redirect', url: coinbaseCharge().hosted_url } });
  });

  it.each([
    [['NEW'], 'pending'],
    [['NEW', 'SIGNED'], 'pending'],
    [['NEW', 'SIGNED', 'PENDING'], 'processing'],
    [['NEW', 'SIGNED', 'PENDING', 'COMPLETED'], 'succeeded'],
    [['NEW', 'EXPIRED'], 'cancelled'],
    [['NEW', 'CANCELED'], 'cancelled'],
    [['NEW', 'PENDING', 'UNRESOLVED'], 'processing'],
    [['NEW', 'PENDING', 'UNRESOLVED', 'RESOLVED'], 'succeeded'],
    [['NEW', 'SIGNED', 'FAILED'], 'failed'],
  ] as const)('reads a charge whose timeline is %j as %s', async (timeline, status) => {
    const log = requestLog();
    server.use(
      http.get(`${API}/charges/:id`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({ data: coinbaseCharge([...timeline]), warnings: [] });
      }),
    );

    const state = await gateway().retrieve(CHARGE_ID);

    const sent = log.only();
    expect(sent.url.pathname).toBe(`/charges/${CHARGE_ID}`);
    expect(sent.headers.get('x-cc-api-key')).toBe(API_KEY);
    expect(state).toMatchObject({ providerReference: CHARGE_ID, status, amountMinor: 125_050, currency: 'AED', paymentId: chargeInput().paymentId });
  });

  it('names the on-chain failure reason of a failed charge', async () => {
    server.use(
      http.get(`${API}/charges/:id`, () =>
        HttpResponse.json({
          data: coinbaseCharge(['NEW', 'SIGNED', 'FAILED'], { web3_data: { failure_events: [{ reason: 'insufficient_allowance', tx_hsh: '0x1fd1' }] } }),
        }),
      ),
    );

    expect((await gateway().retrieve(CHARGE_ID)).failureCode).toBe('insufficient_allowance');
  });

  it('records a refund for the operator to pay by hand, without calling Coinbase (Commerce has no refund API)', async () => {
    const refund = await gateway().refund({ providerReference: CHARGE_ID, amountMinor: 50_000, currency: 'AED', idempotencyKey: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10' });

    // The server fails any unexpected request, so reaching here also proves nothing was sent.
    expect(refund).toEqual({ refundReference: `manual:${CHARGE_ID}`, status: 'pending' });
  });

  it('turns a Coinbase 5xx into ProviderUnavailable', async () => {
    server.use(http.get(`${API}/charges/:id`, () => HttpResponse.json({ error: { type: 'internal_server_error' } }, { status: 503 })));

    expect(await failure(gateway().retrieve(CHARGE_ID))).toBeInstanceOf(ProviderUnavailable);
  });

  it('accepts an event signed with the shared secret and names the event, charge and payment', async () => {
    const body = webhookBody('charge:confirmed', ['NEW', 'PENDING', 'COMPLETED']);

    const event = await gateway().parseWebhook(new TextEncoder().encode(body), new Headers({ 'x-cc-webhook-signature': sign(body) }));

    expect(event).toMatchObject({
      eventId: '24934862-d980-46cb-9402-43c81b0cdba6',
      type: 'charge:confirmed',
      providerReference: CHARGE_ID,
      paymentId: chargeInput().paymentId,
    });
    expect(event.payload).toEqual(JSON.parse(body));
  });

  it('refuses events with a forged or missing signature, a changed body, or a body that is no event', async () => {
    const body = webhookBody('charge:confirmed', ['NEW', 'COMPLETED']);
    const encoded = new TextEncoder().encode(body);
    const notAnEvent = '{"hello":"world"}';

    const forged = await failure(gateway().parseWebhook(encoded, new Headers({ 'x-cc-webhook-signature': sign(body, 'not-our-secret') })));
    const missing = await failure(gateway().parseWebhook(encoded, new Headers()));
    const changed = await failure(
      gateway().parseWebhook(new TextEncoder().encode(body.replace('1250.50', '1.00')), new Headers({ 'x-cc-webhook-signature': sign(body) })),
    );
    const malformed = await failure(
      gateway().parseWebhook(new TextEncoder().encode(notAnEvent), new Headers({ 'x-cc-webhook-signature': sign(notAnEvent) })),
    );

    for (const error of [forged, missing, changed, malformed]) expect(error).toBeInstanceOf(InvalidWebhook);
  });
});
