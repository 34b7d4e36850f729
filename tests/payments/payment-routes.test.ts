import { eq } from 'drizzle-orm';
import { POST as topUp } from '@/app/api/v1/b2b/balance/topup/route';
import { POST as payBooking } from '@/app/api/v1/b2b/bookings/[id]/pay/route';
import { POST as withPaymentIntent } from '@/app/api/v1/b2b/bookings/withpaymentintent/route';
import { POST as book } from '@/app/api/v1/b2b/bookings/route';
import { GET as getPayment } from '@/app/api/payments/[paymentId]/route';
import { POST as sandboxCard } from '@/app/api/payments/sandbox/[chargeId]/route';
import { POST as webhook } from '@/app/api/payments/webhooks/[provider]/route';
import { payments } from '@/server/db/schema';
import { addDays, agencyBalance, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { agentRequest, apiRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { cardBooking, forgetPayments, paymentRow, queuedEvents, setUpPayments, signedDelivery } from './payment-fixtures';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// The payment routes as Next calls them (bad input and the API): each refusal is clear
// and changes nothing.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

async function fieldErrors(response: Response) {
  return (await response.json()) as { fieldName: string; errorMessage: string }[];
}

describe('POST /api/v1/b2b/balance/topup', () => {
  it('starts a card top-up and answers where the payer goes', async () => {
    session.principal = await principalFor(database.db, 'admin@gulfhorizons.test');
    const response = await topUp(agentRequest('/api/v1/b2b/balance/topup', { json: { amount: '1500.50' } }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { paymentId: string; nextAction: { kind: string; url: string } };
    expect(body.nextAction.url).toMatch(/^http:\/\/localhost:3000\/pay\/sandbox\/sbx_ch_/);
    expect(await paymentRow(database.db, body.paymentId)).toMatchObject({ purpose: 'top_up', baseAmountMinor: 150_050, status: 'created' });
  });

  it.each([
    [{ amount: '0' }, 'amount'],
    [{ amount: '-5' }, 'amount'],
    [{ amount: '99999999999' }, 'amount'],
    [{ amount: '100', currency: 'EUR' }, 'currency'],
  ])('refuses %j with a message for %s and stores nothing', async (json, field) => {
    session.principal = await principalFor(database.db, 'admin@gulfhorizons.test');
    const before = await database.db.$count(payments);
    const response = await topUp(agentRequest('/api/v1/b2b/balance/topup', { json }));
    expect(response.status).toBe(422);
    expect((await fieldErrors(response)).map((error) => error.fieldName)).toContain(field);
    expect(await database.db.$count(payments)).toBe(before);
  });

  it('refuses a junior agent', async () => {
    session.principal = await principalFor(database.db, 'junior@gulfhorizons.test');
    const before = await database.db.$count(payments);
    expect((await topUp(agentRequest('/api/v1/b2b/balance/topup', { json: { amount: '100' } }))).status).toBe(403);
    expect(await database.db.$count(payments)).toBe(before);
  });
});

describe('a card booking through the API', () => {
  it('is paid with a test card and settled by its signed webhook; the payment is the agency’s alone', async () => {
    const agent = await principalFor(database.db, 'senior@gulfhorizons.test');
    session.principal = agent;
    const booked = await cardBooking(database.db, agent);
    const paid = await sandboxCard(apiRequest(`/api/payments/sandbox/${booked.chargeId}`, { json: { cardNumber: '4242424242424242' } }), segment({ chargeId: booked.chargeId }));
    expect(paid.status).toBe(200);
    const [event] = await queuedEvents(database.db);
    const delivery = signedDelivery(event!);
    const answered = await webhook(apiRequest('/api/payments/webhooks/sandbox', { body: delivery.body as BodyInit, headers: Object.fromEntries(delivery.headers) }), segment({ provider: 'sandbox' }));
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ status: 'succeeded' });

    const mine = await getPayment(agentRequest(`/api/payments/${booked.paymentId}`), segment({ paymentId: booked.paymentId }));
    expect(await mine.json()).toMatchObject({ status: 'succeeded', bookingReference: booked.reference, bookingStatus: 'completed' });
    session.principal = await principalFor(database.db, 'admin@desertrose.test');
    expect((await getPayment(agentRequest(`/api/payments/${booked.paymentId}`), segment({ paymentId: booked.paymentId }))).status).toBe(404);
  });

  it('refuses a forged webhook with 422 and changes nothing', async () => {
    const agent = await principalFor(database.db, 'senior@gulfhorizons.test');
    const booked = await cardBooking(database.db, agent);
    await sandboxCard(apiRequest(`/api/payments/sandbox/${booked.chargeId}`, { json: { cardNumber: '4242424242424242' } }), segment({ chargeId: booked.chargeId }));
    const events = await queuedEvents(database.db);
    const forged = signedDelivery(events.at(-1)!, 'guessed-secret');
    const answered = await webhook(apiRequest('/api/payments/webhooks/sandbox', { body: forged.body as BodyInit, headers: Object.fromEntries(forged.headers) }), segment({ provider: 'sandbox' }));
    expect(answered.status).toBe(422);
    expect((await paymentRow(database.db, booked.paymentId)).status).toBe('created');
  });

  it('withpaymentintent is refused clearly while Stripe is not configured, booking nothing', async () => {
    session.principal = await principalFor(database.db, 'senior@gulfhorizons.test');
    const before = await database.db.$count(payments);
    const response = await withPaymentIntent(agentRequest('/api/v1/b2b/bookings/withpaymentintent', { json: { offerId: crypto.randomUUID(), date: '2099-01-01', adults: 1 } }));
    expect(response.status).toBe(422);
    expect(await database.db.$count(payments)).toBe(before);
  });

  it('pays a payment_required booking from the balance', async () => {
    const agent = await principalFor(database.db, 'senior@gulfhorizons.test');
    session.principal = agent;
    const booked = await cardBooking(database.db, agent, { left: 5, adults: 2 });
    const balance = await agencyBalance(database.db, agent.agencyId);
    const response = await payBooking(agentRequest(`/api/v1/b2b/bookings/${booked.reference}/pay`, { json: { method: 'balance' } }), segment({ id: booked.reference }));
    expect(response.status).toBe(200);
    const [row] = await database.db.select({ net: payments.baseAmountMinor }).from(payments).where(eq(payments.id, booked.paymentId));
    expect(await agencyBalance(database.db, agent.agencyId)).toBe(balance - row!.net);
    expect((await slotStock(database.db, booked.slot.id))?.left).toBe(3);
    // Paid: another payment is refused as not needed.
    const again = await payBooking(agentRequest(`/api/v1/b2b/bookings/${booked.reference}/pay`, { json: { method: 'card' } }), segment({ id: booked.reference }));
    expect(again.status).toBe(409);
  });

  it('a card checkout sent again after it was paid answers its result page, charging nothing more', async () => {
    const agent = await principalFor(database.db, 'senior@gulfhorizons.test');
    session.principal = agent;
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 300);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 5 });
    // The checkout's own key (in the body): the booking answers its current state. The same key
    // as an `Idempotency-Key` header would replay the first answer instead (docs/api-access.md).
    const checkout = {
      offerId: offer.id,
      date,
      time: slot.startTime,
      adults: 1,
      guestName: 'Api Guest',
      guestPhone: '+971500000000',
      guestEmail: 'api@example.test',
      guestEmailConfirm: 'api@example.test',
      paymentMethod: 'card',
      idempotencyKey: crypto.randomUUID(),
    };
    const first = await book(agentRequest('/api/v1/b2b/bookings', { json: checkout }));
    expect(first.status).toBe(201);
    const created = (await first.json()) as { reference: string; paymentId: string; nextAction: { url: string } };
    const chargeId = created.nextAction.url.split('/').pop()!;
    await sandboxCard(apiRequest(`/api/payments/sandbox/${chargeId}`, { json: { cardNumber: '4242424242424242' } }), segment({ chargeId }));
    await getPayment(agentRequest(`/api/payments/${created.paymentId}`), segment({ paymentId: created.paymentId }));

    const again = await book(agentRequest('/api/v1/b2b/bookings', { json: checkout }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ reference: created.reference, status: 'completed', paymentId: created.paymentId, nextAction: { kind: 'redirect', url: `http://localhost:3000/pay/${created.paymentId}` } });
    expect(await database.db.$count(payments, eq(payments.bookingId, (await paymentRow(database.db, created.paymentId)).bookingId!))).toBe(1);
  });

  it('a junior agent cannot pay through a provider (it would show the NET): refused, nothing booked', async () => {
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    session.principal = junior;
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 301);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 5 });
    const before = await database.db.$count(payments);
    const response = await book(
      agentRequest('/api/v1/b2b/bookings', {
        json: { offerId: offer.id, date, time: slot.startTime, adults: 1, guestName: 'Api Guest', guestPhone: '+971500000000', guestEmail: 'api@example.test', guestEmailConfirm: 'api@example.test', paymentMethod: 'card' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    expect(response.status).toBe(422);
    expect((await fieldErrors(response)).map((error) => error.fieldName)).toEqual(['paymentMethod']);
    expect((await slotStock(database.db, slot.id))?.left).toBe(5);
    expect(await database.db.$count(payments)).toBe(before);
  });
});
