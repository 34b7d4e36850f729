import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { BOOKING_TRANSITIONS, IllegalBookingTransition, moveBooking, moveBookingIfAllowed } from '@/server/bookings/booking-status';
import { createBooking } from '@/server/bookings/create-booking';
import { bookings } from '@/server/db/schema';
import { seedDemoData } from '@/server/db/seed';
import { isDomainError } from '@/server/errors';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// One module writes bookings.status (server/bookings/booking-status.ts): each move is a named
// transition from the statuses it allows, refused with a typed error from any other.

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const tourDate = addDays('2026-11-21', 12);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today: now });
});
afterAll(() => database.dispose());

async function completedBooking() {
  const { db } = database;
  const senior = await principalFor(db, 'senior@desertrose.test');
  const offer = await findOffer(db, 'shared');
  const slot = await prepareSlot(db, offer.id, tourDate, { left: 20 });
  const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, adults: 1, paymentMethod: 'balance' }), { locale: 'en', now });
  const [row] = await db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.reference, booked.reference));
  return row!;
}

const statusOf = async (id: string) => (await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe('the booking lifecycle', () => {
  it('refuses a transition its status does not allow, with a typed error, and writes nothing', async () => {
    const booking = await completedBooking();
    expect(booking.status).toBe('completed');
    const refused = await database.db.transaction((tx) => moveBooking(tx, booking.id, 'paid', { paidMinor: 1 })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IllegalBookingTransition);
    expect(isDomainError(refused, 'conflict')).toBe(true);
    expect(await database.db.transaction((tx) => moveBookingIfAllowed(tx, booking.id, 'confirmRequest'))).toBe(false);
    expect(await statusOf(booking.id)).toBe('completed');
  });

  it('moves a booking once when two transactions race for the same transition', async () => {
    const booking = await completedBooking();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => database.db.transaction((tx) => moveBooking(tx, booking.id, 'cancel', { cancelledAt: now }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected' && result.reason instanceof IllegalBookingTransition)).toHaveLength(3);
    expect(await statusOf(booking.id)).toBe('cancelled');
  });

  it('never leaves a cancelled booking, and only a request is confirmed or declined', () => {
    for (const [name, transition] of Object.entries(BOOKING_TRANSITIONS)) {
      expect(transition.from, name).not.toContain('cancelled');
      if (name.endsWith('Request')) expect(transition.from, name).toEqual(['quotation_request']);
    }
  });

  it('is the only module that writes bookings.status', () => {
    const root = path.resolve(__dirname, '../..');
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return files(relative);
        return /\.tsx?$/.test(entry.name) ? [relative] : [];
      });
    // An update of the bookings table that sets a status, anywhere but the lifecycle's module.
    const writers = [...files('server'), ...files('app')].filter((file) => {
      if (file === 'server/bookings/booking-status.ts' || file.startsWith('server/db/')) return false;
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      return /\.update\(bookings\)\s*\.set\(\{[^}]*\bstatus\b/.test(source);
    });
    expect(writers).toEqual([]);
  });
});
