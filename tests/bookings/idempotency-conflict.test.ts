import { eq } from 'drizzle-orm';
import { POST as postBooking } from '@/app/api/v1/b2b/bookings/route';
import { createBooking } from '@/server/bookings/create-booking';
import { bookings } from '@/server/db/schema';
import { Conflict } from '@/server/errors';
import { addDays, checkoutInput, countBookings, DESERT_ROSE, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { agentRequest, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// An idempotency key stands for one checkout. Sent again with the same
// checkout it returns the booking already made; sent with another checkout it is refused as a
// conflict instead of passing the first booking off as the second.

let database: TestDatabase;
const today = new Date().toISOString().slice(0, 10);
const options = { locale: 'en' as const };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

async function bookableSlot(daysAhead: number) {
  const offer = await findOffer(database.db, 'shared');
  const date = addDays(today, daysAhead);
  const slot = await prepareSlot(database.db, offer.id, date, { left: 30 });
  return { offerId: offer.id, date, time: slot.startTime, slotId: slot.id };
}

describe('createBooking with a reused idempotency key', () => {
  it('refuses another checkout under the same key as a Conflict and books nothing more', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'junior@desertrose.test');
    const slot = await bookableSlot(15);
    const first = checkoutInput({ offerId: slot.offerId, date: slot.date, time: slot.time, adults: 1 });
    const booked = await createBooking(db, agent, first, options);
    const before = await countBookings(db, DESERT_ROSE);

    const other = { ...first, adults: 3, guestName: 'Someone Else' };
    const error = await createBooking(db, agent, other, options).then(
      () => null,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).code).toBe('errors.idempotencyConflict');
    expect(await countBookings(db, DESERT_ROSE)).toBe(before);
    expect((await slotStock(db, slot.slotId))?.left).toBe(29);
    const [row] = await db.select({ fingerprint: bookings.requestFingerprint }).from(bookings).where(eq(bookings.reference, booked.reference));
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns the booking for the same checkout sent again, however its e-mail and promo code are cased', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'junior@desertrose.test');
    const slot = await bookableSlot(16);
    const first = checkoutInput({ offerId: slot.offerId, date: slot.date, time: slot.time });
    const booked = await createBooking(db, agent, first, options);

    const again = await createBooking(db, agent, { ...first, guestEmail: 'GUEST@example.test', guestEmailConfirm: 'guest@EXAMPLE.test' }, options);

    expect(again).toEqual({ reference: booked.reference, status: booked.status, replayed: true });
  });

  // The checkout's own key, in the body; an `Idempotency-Key` header is answered by runRoute
  // before the booking is reached (tests/api-access/idempotency.test.ts).
  it('answers 409 from POST /b2b/bookings for another checkout under a used key, 200 for the same checkout', async () => {
    session.principal = await principalFor(database.db, 'senior@desertrose.test');
    const slot = await bookableSlot(17);
    const key = crypto.randomUUID();
    const body = {
      offerId: slot.offerId,
      date: slot.date,
      time: slot.time,
      adults: 1,
      guestName: 'Idem Potent',
      guestPhone: '+971 50 123 4567',
      guestEmail: 'idem@example.test',
      guestEmailConfirm: 'idem@example.test',
      paymentMethod: 'cash',
    };
    const send = (json: object) => postBooking(agentRequest('/api/v1/b2b/bookings', { json: { ...json, idempotencyKey: key } }));

    const created = await send(body);
    expect(created.status).toBe(201);
    const { reference } = (await created.json()) as { reference: string };

    const replayed = await send(body);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ reference });

    const conflicting = await send({ ...body, adults: 2 });
    expect(conflicting.status).toBe(409);
    expect(await conflicting.json()).toEqual({
      message: 'This checkout was already submitted with different details. Reload the checkout to book again.',
    });
  });
});
