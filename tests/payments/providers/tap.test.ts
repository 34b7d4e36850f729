import { createHmac } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { InvalidWebhook, ProviderUnavailable } from '@/server/payments/gateway';
import { ProviderRejected } from '@/server/payments/providers/provider-http';
import { tapGateway, tapHashString, tapIdFromReturn } from '@/server/payments/providers/tap';
import { chargeInput, failure, providerServer, requestLog } from './msw-provider';

// Shapes from Tap's API reference and webhook guide (developers.tap.company: "Create a Charge",
// "Handling Redirects", "Webhook", "Idempotency", "Refund"): a charge answers with `transaction.url`
// for the hosted page; the post to `post.url` carries a `hashstring` header.

const SECRET = 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ';
const API = 'https://api.tap.company/v2';
const CHARGE_ID = 'chg_TS05A4120251125x9K22710693';

function tapCharge(overrides: Record<string, unknown> = {}) {
  return {
    id: CHARGE_ID,
    object: 'charge',
    live_mode: false,
    customer_initiated: true,
    api_version: 'V2',
    method: 'POST',
    status: 'INITIATED',
    amount: 1250.5,
    currency: 'AED',
    threeDSecure: true,
    save_card: false,
    description: 'Booking TD-7K2P9Q',
    metadata: { payment_id: chargeInput().paymentId },
    transaction: {
      timezone: 'UTC+04:00',
      created: '1764086400123',
      expiry: { period: 30, type: 'MINUTE' },
      asynchronous: false,
      amount: 1250.5,
      currency: 'AED',
      url: 'https://checkout.payments.tap.company/?mode=page&token=6749a1f2e4b0c3d5a7f8e9b0',
    },
    reference: {
      track: 'tck_TS04A4320251125To522710661',
      payment: '4327251125106619650',
      gateway: '123456789',
      acquirer: '230004002581',
      transaction: chargeInput().idempotencyKey,
      order: chargeInput().paymentId,
      idempotent: chargeInput().idempotencyKey,
    },
    response: { code: '100', message: 'Initiated' },
    customer: { first_name: 'Layla', last_name: 'Haddad', email: 'layla@desert-rose.example', phone: { country_code: '971', number: '501234567' } },
    source: { object: 'source', id: 'src_all' },
    redirect: { status: 'PENDING', url: chargeInput().returnUrl },
    post: { status: 'PENDING', url: chargeInput().webhookUrl },
    ...overrides,
  };
}

/** Tap's formula, written out here independently of the adapter. */
function documentedHash(charge: ReturnType<typeof tapCharge>, key = SECRET) {
  const message = `x_id${charge.id}x_amount${charge.amount.toFixed(2)}x_currency${charge.currency}x_gateway_reference${charge.reference.gateway}x_payment_reference${charge.reference.payment}x_status${charge.status}x_created${charge.transaction.created}`;
  return createHmac('sha256', key).update(message).digest('hex');
}

const server = providerServer();
const gateway = () => tapGateway({ secretKey: SECRET });

describe('Tap gateway', () => {
  it('creates a 3-D Secure charge on every source, idempotent on our key, and redirects to Tap’s page', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/charges`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(tapCharge());
      }),
    );

    const created = await gateway().createCharge(chargeInput());

    const sent = log.only();
    expect(sent.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: 1250.5,
      currency: 'AED',
      threeDSecure: true,
      metadata: { payment_id: chargeInput().paymentId },
      reference: { transaction: chargeInput().idempotencyKey, order: chargeInput().paymentId, idempotent: chargeInput().idempotencyKey },
      customer: { first_name: 'Layla', last_name: 'Haddad', email: 'layla@desert-rose.example', phone: { country_code: '971', number: '501234567' } },
      source: { id: 'src_all' },
      redirect: { url: chargeInput().returnUrl },
      post: { url: chargeInput().webhookUrl },
    });
    expect(created).toEqual({ providerReference: CHARGE_ID, nextAction: { kind: 'redirect', url: tapCharge().transaction.url } });
  });

  it.each([
    ['INITIATED', 'pending'],
    ['IN_PROGRESS', 'pending'],
    ['AUTHORIZED', 'processing'],
    ['CAPTURED', 'succeeded'],
    ['DECLINED', 'failed'],
    ['FAILED', 'failed'],
    ['RESTRICTED', 'failed'],
    ['TIMEDOUT', 'failed'],
    ['ABANDONED', 'cancelled'],
    ['CANCELLED', 'cancelled'],
    ['VOID', 'cancelled'],
    ['UNKNOWN', 'processing'],
  ] as const)('reads a %s charge as %s', async (tapStatus, status) => {
    const log = requestLog();
    server.use(
      http.get(`${API}/charges/:id`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json(tapCharge({ status: tapStatus }));
      }),
    );

    const state = await gateway().retrieve(CHARGE_ID);

    expect(log.only().url.pathname).toBe(`/v2/charges/${CHARGE_ID}`);
    expect(state).toMatchObject({ providerReference: CHARGE_ID, status, amountMinor: 125_050, currency: 'AED', paymentId: chargeInput().paymentId });
  });

  it('gives a declined charge Tap’s response code as the failure code', async () => {
    server.use(http.get(`${API}/charges/:id`, () => HttpResponse.json(tapCharge({ status: 'DECLINED', response: { code: '507', message: 'Declined, Card Issuer' } }))));

    expect((await gateway().retrieve(CHARGE_ID)).failureCode).toBe('507');
  });

  it('refunds through /v2/refunds with the charge, amount, currency, reason and our reference', async () => {
    const log = requestLog();
    server.use(
      http.post(`${API}/refunds`, async ({ request }) => {
        await log.record(request);
        return HttpResponse.json({
          id: 're_TS02A5120251125Xk7q2711833',
          object: 'refund',
          api_version: 'V2',
          amount: 500,
          currency: 'AED',
          charge_id: CHARGE_ID,
          status: 'PENDING',
          reason: 'requested_by_customer',
          reference: { merchant: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10' },
        });
      }),
    );

    const refund = await gateway().refund({ providerReference: CHARGE_ID, amountMinor: 50_000, currency: 'AED', idempotencyKey: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10' });

    const sent = log.only();
    expect(sent.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(sent.body)).toMatchObject({
      charge_id: CHARGE_ID,
      amount: 500,
      currency: 'AED',
      reason: expect.any(String),
      reference: { merchant: '6a1d1f3e-0c55-4b44-9d1f-3f1b8c2e7a10' },
    });
    expect(refund).toEqual({ refundReference: 're_TS02A5120251125Xk7q2711833', status: 'pending' });
  });

  it('turns a Tap 5xx into ProviderUnavailable and a 4xx into a rejection with Tap’s code', async () => {
    server.use(
      http.post(`${API}/charges`, () => new HttpResponse('upstream timeout', { status: 502 })),
      http.get(`${API}/charges/:id`, () => HttpResponse.json({ errors: [{ code: '1108', description: 'Charge not found' }] }, { status: 404 })),
    );

    expect(await failure(gateway().createCharge(chargeInput()))).toBeInstanceOf(ProviderUnavailable);
    const rejected = await failure(gateway().retrieve('chg_missing'));
    expect(rejected).toBeInstanceOf(ProviderRejected);
    expect(rejected.message).toContain('1108');
  });

  it('accepts a post whose hashstring is the documented HMAC of its fields', async () => {
    const charge = tapCharge({ status: 'CAPTURED', response: { code: '000', message: 'Captured' } });
    const body = new TextEncoder().encode(JSON.stringify(charge));

    const event = await gateway().parseWebhook(body, new Headers({ hashstring: documentedHash(charge) }));

    expect(event).toMatchObject({ eventId: `${CHARGE_ID}:CAPTURED`, providerReference: CHARGE_ID, paymentId: chargeInput().paymentId });
    expect(event.payload).toEqual(charge);
  });

  it('writes the amount with the currency’s decimals (two for AED, three for KWD)', () => {
    const aed = tapCharge({ amount: 1 });
    const kwd = tapCharge({ amount: 1.5, currency: 'KWD' });
    const expected = (charge: ReturnType<typeof tapCharge>, amount: string) =>
      createHmac('sha256', SECRET)
        .update(`x_id${charge.id}x_amount${amount}x_currency${charge.currency}x_gateway_reference123456789x_payment_reference4327251125106619650x_status${charge.status}x_created1764086400123`)
        .digest('hex');

    expect(tapHashString(aed, SECRET)).toBe(expected(aed, '1.00'));
    expect(tapHashString(kwd, SECRET)).toBe(expected(kwd, '1.500'));
  });

  it('refuses a post with a forged, missing or stale-field hashstring', async () => {
    const charge = tapCharge({ status: 'CAPTURED' });
    const body = new TextEncoder().encode(JSON.stringify(charge));
    const bumped = new TextEncoder().encode(JSON.stringify({ ...charge, amount: 1 }));

    const forged = await failure(gateway().parseWebhook(body, new Headers({ hashstring: documentedHash(charge, 'sk_test_someone_else') })));
    const missing = await failure(gateway().parseWebhook(body, new Headers()));
    const changed = await failure(gateway().parseWebhook(bumped, new Headers({ hashstring: documentedHash(charge) })));
    const garbage = await failure(gateway().parseWebhook(new TextEncoder().encode('<html>'), new Headers({ hashstring: documentedHash(charge) })));

    for (const error of [forged, missing, changed, garbage]) expect(error).toBeInstanceOf(InvalidWebhook);
  });

  it('reads the charge id from Tap’s return URL, and nothing else', () => {
    expect(tapIdFromReturn(new URL(`${chargeInput().returnUrl}?tap_id=${CHARGE_ID}`))).toBe(CHARGE_ID);
    expect(tapIdFromReturn(new URL(chargeInput().returnUrl))).toBeNull();
    expect(tapIdFromReturn(new URL(`${chargeInput().returnUrl}?tap_id=../../admin`))).toBeNull();
  });
});
