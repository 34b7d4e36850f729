import { http, HttpResponse } from 'msw';
import { InvalidWebhook, ProviderUnavailable } from '@/server/payments/gateway';
import { isYooKassaAddress, yooKassaGateway } from '@/server/payments/providers/yookassa';
import { chargeInput, failure, providerServer, requestLog } from './msw-provider';

// Shapes from YooKassa's API reference and SDK fixtures (yoomoney/yookassa-sdk-python): payment and
// refund objects, `confirmation.confirmation_url` for redirects, `confirmation_data` for QR, and
// unsigned notifications `{ type: 'notification', event, object }`.

const SHOP_ID = '506751';
const SECRET_KEY = 'test_VbRNFAHbo9ZsSYiq8Tl3ipQxRGiWZ2aIbe5KJJvRAF4';
const API = 'https://api.yookassa.ru/v3';
const PAYMENT_ID = '2d1c2b4e-000f-5000-8000-1b3d5f7a9c11';
const RUB_INPUT = chargeInput({ currency: 'RUB', amountMinor: 1_999_000, locale: 'ru' });

function yooPayment(overrides: Record<string, unknown> = {}) {
  return {
    id: PAYMENT_ID,
    status: 'pending',
    paid: false,
    amount: { value: '19990.00', currency: 'RUB' },
    confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${PAYMENT_ID}` },
    created_at: '2025-11-25T16:00:00.123Z',
    description: 'Booking TD-7K2P9Q',
    metadata: { payment_id: chargeInput().paymentId },
    recipient: { account_id: SHOP_ID, gateway_id: '2138415' },
    refundable: false,
    test: true,
    ...overrides,
  };
}

const server = providerServer();
const gateway = () => yooKassaGateway({ shopId: SHOP_ID, secretKey: SECRET_KEY });
const basicAuth = `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`;

describe('YooKassa gateway', () => {
  it('creates a captured card payment with a redirect confirmation and our idempotence key', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/payments`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(yooPayment());
      }),
    );

    const created = await gateway().createCharge(RUB_INPUT);

    const sent = log.only();
    expect(sent.headers.get('authorization')).toBe(basicAuth);
    expect(sent.headers.get('idempotence-key')).toBe(RUB_INPUT.idempotencyKey);
    const body = JSON.parse(sent.body);
    expect(body).toMatchObject({
      amount: { value: '19990.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: RUB_INPUT.returnUrl },
      description: RUB_INPUT.description,
      metadata: { payment_id: RUB_INPUT.paymentId },
    });
    expect(body).not.toHaveProperty('payment_method_data');
    expect(created).toEqual({ providerReference: PAYMENT_ID, nextAction: { kind: 'redirect', url: yooPayment().confirmation.confirmation_url } });
  });

  it('asks for SBP as the payment method when the payer chose it', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/payments`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(yooPayment({ payment_method: { type: 'sbp', id: PAYMENT_ID, saved: false } }));
      }),
    );

    const created = await gateway().createCharge({ ...RUB_INPUT, method: 'sbp' });

    expect(JSON.parse(log.only().body).payment_method_data).toEqual({ type: 'sbp' });
    expect(created.nextAction.kind).toBe('redirect');
  });

  it('hands the browser a QR code when YooKassa answers with a QR confirmation', async () => {
    const qr = 'https://qr.nspk.ru/AS1A00390DMR3GLV8HUS2N8K0E9G4FE0?type=02&bank=100000000111&sum=1999000&cur=RUB&crc=C08B';
    server.use(http.post(`${API}/payments`, () => HttpResponse.json(yooPayment({ confirmation: { type: 'qr', confirmation_data: qr } }))));

    const created = await gateway().createCharge({ ...RUB_INPUT, method: 'sbp' });

    expect(created.nextAction).toEqual({ kind: 'qr', url: qr, qrPayload: qr });
  });

  it.each([
    ['pending', undefined, 'pending'],
    ['waiting_for_capture', undefined, 'processing'],
    ['succeeded', undefined, 'succeeded'],
    ['canceled', 'insufficient_funds', 'failed'],
    ['canceled', '3d_secure_failed', 'failed'],
    ['canceled', 'expired_on_confirmation', 'cancelled'],
  ] as const)('reads a %s payment (%s) as %s', async (yooStatus, reason, status) => {
    const log = requestLog();
    const cancellation = reason ? { cancellation_details: { party: 'payment_network', reason } } : {};
    server.use(
      http.get(`${API}/payments/:id`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(yooPayment({ status: yooStatus, paid: yooStatus === 'succeeded', ...cancellation }));
      }),
    );

    const state = await gateway().retrieve(PAYMENT_ID);

    const sent = log.only();
    expect(sent.url.pathname).toBe(`/v3/payments/${PAYMENT_ID}`);
    expect(sent.headers.get('authorization')).toBe(basicAuth);
    expect(state).toEqual({
      providerReference: PAYMENT_ID,
      status,
      amountMinor: 1_999_000,
      currency: 'RUB',
      paymentId: chargeInput().paymentId,
      ...(reason ? { failureCode: reason } : {}),
    });
  });

  it('refunds with the payment id, amount and the refund’s idempotence key', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/refunds`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({
          id: '2d1c3f0a-0015-5000-9000-1c4e6a8b0d22',
          payment_id: PAYMENT_ID,
          status: 'succeeded',
          created_at: '2025-11-26T09:00:00.000Z',
          amount: { value: '5000.00', currency: 'RUB' },
        });
      }),
    );

    const refund = await gateway().refund({ providerReference: PAYMENT_ID, amountMinor: 500_000, currency: 'RUB', idempotencyKey: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10' });

    const sent = log.only();
    expect(sent.headers.get('authorization')).toBe(basicAuth);
    expect(sent.headers.get('idempotence-key')).toBe('6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10');
    expect(JSON.parse(sent.body)).toEqual({ payment_id: PAYMENT_ID, amount: { value: '5000.00', currency: 'RUB' } });
    expect(refund).toEqual({ refundReference: '2d1c3f0a-0015-5000-9000-1c4e6a8b0d22', status: 'succeeded' });
  });

  it('turns a 5xx, and the documented 202 "still processing" answer, into ProviderUnavailable', async () => {
    server.use(
      http.get(`${API}/payments/:id`, () => HttpResponse.json({ type: 'error', code: 'internal_server_error' }, { status: 500 })),
      http.post(`${API}/payments`, () => HttpResponse.json({ type: 'processing', description: 'Request accepted', retry_after: 1800 }, { status: 202 })),
    );

    expect(await failure(gateway().retrieve(PAYMENT_ID))).toBeInstanceOf(ProviderUnavailable);
    expect(await failure(gateway().createCharge(RUB_INPUT))).toBeInstanceOf(ProviderUnavailable);
  });

  it('reads a notification as the event of the payment it names (the engine then re-fetches it)', async () => {
    const body = JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: yooPayment({ status: 'succeeded', paid: true }) });

    const event = await gateway().parseWebhook(new TextEncoder().encode(body), new Headers());

    expect(event).toMatchObject({
      eventId: `payment.succeeded:${PAYMENT_ID}`,
      type: 'payment.succeeded',
      providerReference: PAYMENT_ID,
      paymentId: chargeInput().paymentId,
    });
    expect(event.payload).toEqual(JSON.parse(body));
  });

  it('points a refund notification at the refunded payment', async () => {
    const body = JSON.stringify({
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: '2d1c3f0a-0015-5000-9000-1c4e6a8b0d22', payment_id: PAYMENT_ID, status: 'succeeded', amount: { value: '5000.00', currency: 'RUB' } },
    });

    const event = await gateway().parseWebhook(new TextEncoder().encode(body), new Headers());

    expect(event.providerReference).toBe(PAYMENT_ID);
    expect(event.eventId).toBe('refund.succeeded:2d1c3f0a-0015-5000-9000-1c4e6a8b0d22');
  });

  it.each([
    ['not JSON', 'payment.succeeded'],
    ['another type', JSON.stringify({ type: 'event', event: 'payment.succeeded', object: { id: PAYMENT_ID } })],
    ['no object id', JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: {} })],
    ['an id that is a path', JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: '../../me' } })],
  ])('refuses a malformed notification (%s)', async (_case, body) => {
    expect(await failure(gateway().parseWebhook(new TextEncoder().encode(body), new Headers()))).toBeInstanceOf(InvalidWebhook);
  });

  it('knows YooKassa’s published notification addresses and nothing around them', () => {
    for (const ip of ['185.71.76.1', '185.71.77.30', '77.75.153.100', '77.75.154.200', '77.75.156.11', '77.75.156.35', '2a02:5180:0:1509::15', '::ffff:185.71.76.5']) {
      expect(isYooKassaAddress(ip), ip).toBe(true);
    }
    for (const ip of ['185.71.76.32', '77.75.153.128', '77.75.156.12', '2a02:5181::1', '10.0.0.1', 'localhost', '']) {
      expect(isYooKassaAddress(ip), ip).toBe(false);
    }
  });
});
