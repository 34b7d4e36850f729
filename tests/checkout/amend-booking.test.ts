import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { amendBooking, previewAmendment } from '@/server/checkout/amend-booking';
import { createBooking } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { agencies, auditLog, bookingAmendments, bookings, ledgerEntries } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { renderBookingDocument } from '@/server/documents/document-downloads';
import { formatTourDate } from '@/server/documents/pdf-layout';
import { PDFParse } from 'pdf-parse';
import { loadSettings } from '@/server/settings/settings';
import { dubaiInstant } from '@/shared/availability/rules';
import type { AmendmentChange, AmendmentConfirm } from '@/shared/bookings/amendment-schema';
import { addDays, agencyBalance, checkoutInput, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Amendments (docs/bookings.md "Amendments"): the difference is the checkout's price of the new
// guests, a decrease gives back its refund tier, the tickets move between slots atomically, and a
// replayed or simultaneous amendment never charges, refunds or books twice. On PostgreSQL the
// Promise.all cases really run at once (a connection each).

const now = new Date('2026-11-21T08:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, demoData: { today: now } });
});
afterAll(() => database.dispose());

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');

async function fundAgency(db: Database, agencyId: string) {
  await db.update(agencies).set({ balanceMinor: 10_000_000, creditLimitMinor: 0 }).where(eq(agencies.id, agencyId));
}

/** A balance booking of `adults` on a fresh slot `days` ahead, and a second slot to move it to. */
async function balanceBooking(agent: Principal, options: { days: number; adults?: number; targetLeft?: number; paymentMethod?: 'balance' | 'cash'; at?: Date }) {
  const { db } = database;
  await fundAgency(db, agent.agencyId);
  const offer = await findOffer(db, 'shared');
  const date = addDays('2026-11-21', options.days);
  const slot = await prepareSlot(db, offer.id, date, { left: 10 });
  const target = await prepareSlot(db, offer.id, addDays(date, 3), { left: options.targetLeft ?? 10 });
  const booked = await createBooking(
    db,
    agent,
    checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: options.adults ?? 2, paymentMethod: options.paymentMethod ?? 'balance' }),
    { locale: 'en', now: options.at ?? now },
  );
  return { offer, slot, target, reference: booked.reference };
}

function changeOf(row: typeof bookings.$inferSelect, overrides: Partial<AmendmentChange> = {}): AmendmentChange {
  return {
    reference: row.reference,
    date: row.tourDate,
    time: row.startTime!,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    guestName: row.guestName,
    guestPhone: row.guestPhone,
    guestEmail: row.guestEmail,
    guestNames: [],
    ...overrides,
  };
}

async function bookingOf(db: Database, reference: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
}

/** Previews the change and confirms exactly what the preview showed, under a fresh key. */
async function confirmed(agent: Principal, change: AmendmentChange, at = now): Promise<AmendmentConfirm> {
  const quote = await previewAmendment(database.db, agent, change, at);
  return { ...change, idempotencyKey: crypto.randomUUID(), issue: quote.issue, expectedSettledMinor: quote.settledMinor };
}

async function ledgerOfBooking(db: Database, bookingId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
}

describe('an amendment paid from the balance', () => {
  it('moves the date and adds a guest: the stock moves, the difference is debited once, the documents are re-issued', async () => {
    const { db } = database;
    const agent = await senior();
    const { offer, slot, target, reference } = await balanceBooking(agent, { days: 10 });
    const before = await bookingOf(db, reference);
    const balance = await agencyBalance(db, agent.agencyId);

    const change = changeOf(before, { date: target.date, time: target.startTime, adults: 3, guestNames: ['Anna Smith', 'Ben Smith', 'Carl Smith'] });
    const quote = await previewAmendment(db, agent, change, now);
    expect(quote.differenceMinor).toBe(offer.pricePerAdult!);
    expect(quote.settledMinor).toBe(offer.pricePerAdult!);
    expect(quote.method).toBe('balance');

    const outcome = await amendBooking(db, agent, { ...change, idempotencyKey: crypto.randomUUID(), issue: quote.issue, expectedSettledMinor: quote.settledMinor }, { now });
    expect(outcome).toMatchObject({ kind: 'applied', settledMinor: offer.pricePerAdult!, replayed: false });

    const after = await bookingOf(db, reference);
    expect(after).toMatchObject({ tourDate: target.date, adults: 3, slotId: target.id, documentIssue: 2, holdsStock: true, netTotalMinor: 3 * offer.pricePerAdult! });
    expect(after.paidMinor).toBe(3 * offer.pricePerAdult!);
    expect(after.guestNames).toEqual(['Anna Smith', 'Ben Smith', 'Carl Smith']);
    expect((await slotStock(db, slot.id))?.left).toBe(10);
    expect((await slotStock(db, target.id))?.left).toBe(7);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance - offer.pricePerAdult!);
    const entries = (await ledgerOfBooking(db, after.id)).filter((entry) => entry.description.startsWith('Amendment'));
    expect(entries).toMatchObject([{ kind: 'booking', debitMinor: offer.pricePerAdult! }]);
    const [history] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, after.id), eq(auditLog.action, 'booking.amend')));
    expect(history?.changes).toMatchObject({ tourDate: { from: before.tourDate, to: target.date }, adults: { from: 2, to: 3 } });
  });

  it('a guest fewer more than 48 hours ahead gives back the whole difference less the processing fee', async () => {
    const { db } = database;
    const agent = await senior();
    const { offer, reference } = await balanceBooking(agent, { days: 12, adults: 3 });
    const before = await bookingOf(db, reference);
    const balance = await agencyBalance(db, agent.agencyId);
    const { refundProcessingFeePercent } = await loadSettings(db);

    const outcome = await amendBooking(db, agent, await confirmed(agent, changeOf(before, { adults: 2 })), { now });

    const fee = Math.round((offer.pricePerAdult! * refundProcessingFeePercent) / 100);
    expect(outcome).toMatchObject({ kind: 'applied', settledMinor: -(offer.pricePerAdult! - fee) });
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance + offer.pricePerAdult! - fee);
    const entries = (await ledgerOfBooking(db, before.id)).filter((entry) => entry.description.includes('Amendment'));
    expect(entries.map((entry) => [entry.kind, entry.creditMinor, entry.debitMinor])).toEqual(
      fee > 0 ? [['refund', offer.pricePerAdult!, 0], ['cancellation_fee', 0, fee]] : [['refund', offer.pricePerAdult!, 0]],
    );
    expect((await bookingOf(db, reference)).paidMinor).toBe(2 * offer.pricePerAdult!);
  });

  it('a guest fewer between 24 and 48 hours ahead gives back the tier of the difference (refund-rules.ts)', async () => {
    const { db } = database;
    const agent = await senior();
    const offer = await findOffer(db, 'shared');
    expect(offer.cutOffHours).toBeLessThan(30);
    const { reference } = await balanceBooking(agent, { days: 14, adults: 3 });
    const before = await bookingOf(db, reference);
    // 30 hours before the tour starts: the 24–48 h tier.
    const late = new Date(dubaiInstant(before.tourDate, before.startTime).getTime() - 30 * 3_600_000);
    const quote = await previewAmendment(db, agent, changeOf(before, { adults: 2 }), late);
    const percent = quote.refund!.percent;
    const gross = Math.round((offer.pricePerAdult! * percent) / 100);
    expect(quote.refund).toMatchObject({ tier: 'between24hAnd48h', grossRefundMinor: gross });
    expect(quote.settledMinor).toBe(-quote.refund!.refundMinor);
    expect(quote.differenceMinor).toBe(-offer.pricePerAdult!);
  });

  it('a new guest name costs nothing and changes no stock', async () => {
    const { db } = database;
    const agent = await senior();
    const { slot, reference } = await balanceBooking(agent, { days: 16 });
    const before = await bookingOf(db, reference);
    const outcome = await amendBooking(db, agent, await confirmed(agent, changeOf(before, { guestName: 'Maria Lopez', guestNames: ['', 'Jose Lopez'] })), { now });
    expect(outcome).toMatchObject({ kind: 'applied', settledMinor: 0 });
    expect((await bookingOf(db, reference)).guestNames).toEqual(['', 'Jose Lopez']);
    expect((await slotStock(db, slot.id))?.left).toBe(8);
  });
});

describe('the re-issued documents', () => {
  it('the voucher shows the new date, each ticket its guest and the issue, and tickets of the earlier issue are void', async () => {
    const { db } = database;
    const agent = await senior();
    const { target, reference } = await balanceBooking(agent, { days: 17 });
    const before = await bookingOf(db, reference);
    const oldVoucher = await pdfText((await renderBookingDocument(db, agent, reference, 'voucher')).pdf);
    await amendBooking(db, agent, await confirmed(agent, changeOf(before, { date: target.date, time: target.startTime, guestNames: ['Anna Smith', 'Ben Smith'] })), { now });

    const voucher = await pdfText((await renderBookingDocument(db, agent, reference, 'voucher')).pdf);
    expect(voucher).toContain(formatTourDate(target.date, 'en'));
    expect(oldVoucher).toContain(formatTourDate(before.tourDate, 'en'));
    expect(voucher).not.toContain(formatTourDate(before.tourDate, 'en'));
    const tickets = await pdfText((await renderBookingDocument(db, agent, reference, 'tickets', 2)).pdf);
    expect(tickets).toContain('Anna Smith');
    expect(tickets).toContain('Ben Smith');
    expect(tickets).toContain('Issue');
    await expect(renderBookingDocument(db, agent, reference, 'tickets', 1)).rejects.toMatchObject({ code: 'bookingDocuments.refused.ticketsVoid' });
  });
});

describe('refused amendments change nothing', () => {
  it('no change, a sold-out slot, a past cut-off, an older issue, another figure than shown, a cash booking', async () => {
    const { db } = database;
    const agent = await senior();
    const cash = await balanceBooking(agent, { days: 19, paymentMethod: 'cash' });
    await expect(previewAmendment(db, agent, changeOf(await bookingOf(db, cash.reference), { adults: 3 }), now)).rejects.toMatchObject({ code: 'amendments.errors.method' });
    const { target, reference } = await balanceBooking(agent, { days: 18, targetLeft: 2 });
    const before = await bookingOf(db, reference);
    const balance = await agencyBalance(db, agent.agencyId);

    await expect(previewAmendment(db, agent, changeOf(before), now)).rejects.toMatchObject({ code: 'amendments.errors.nothingChanged' });
    await expect(previewAmendment(db, agent, changeOf(before, { date: target.date, time: target.startTime, adults: 3 }), now)).rejects.toMatchObject({
      code: 'availability.soldOut',
      values: { max: 2 },
    });
    const inCutOff = new Date(dubaiInstant(before.tourDate, before.startTime).getTime() - 3_600_000);
    await expect(previewAmendment(db, agent, changeOf(before, { adults: 3 }), inCutOff)).rejects.toMatchObject({ code: 'amendments.errors.cutOffPassed' });

    const confirm = await confirmed(agent, changeOf(before, { adults: 3 }));
    await expect(amendBooking(db, agent, { ...confirm, issue: 7 }, { now })).rejects.toMatchObject({ code: 'amendments.errors.stale' });
    await expect(amendBooking(db, agent, { ...confirm, expectedSettledMinor: 1 }, { now })).rejects.toMatchObject({ code: 'amendments.errors.priceChanged' });

    expect(await bookingOf(db, reference)).toMatchObject({ adults: 2, documentIssue: 1, tourDate: before.tourDate });
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance);
    expect(await db.$count(bookingAmendments, eq(bookingAmendments.bookingId, before.id))).toBe(0);
  });

  it('another agency cannot amend the booking', async () => {
    const { db } = database;
    const { reference } = await balanceBooking(await senior(), { days: 20 });
    const other = await principalFor(db, 'admin@palmcoast.test');
    await expect(previewAmendment(db, other, changeOf(await bookingOf(db, reference), { adults: 3 }), now)).rejects.toBeInstanceOf(NotFound);
  });

  it('in customer view a change that moves money is neither shown nor made; one that moves none still is', async () => {
    const { db } = database;
    const agent = await senior();
    const { reference, target } = await balanceBooking(agent, { days: 20 });
    const row = await bookingOf(db, reference);
    const watched = { ...agent, customerView: true as const };
    await expect(previewAmendment(db, watched, changeOf(row, { adults: 3 }), now)).rejects.toMatchObject({ code: 'amendments.errors.customerView' });
    const moved = await previewAmendment(db, watched, changeOf(row, { date: target.date, time: target.startTime }), now);
    expect(moved.settledMinor).toBe(0);
  });
});

describe('replayed and simultaneous amendments', () => {
  it('the same key replays; the same key with another change is a conflict', async () => {
    const { db } = database;
    const agent = await senior();
    const { offer, reference } = await balanceBooking(agent, { days: 22 });
    const before = await bookingOf(db, reference);
    const confirm = await confirmed(agent, changeOf(before, { adults: 3 }));
    const balance = await agencyBalance(db, agent.agencyId);

    const first = await amendBooking(db, agent, confirm, { now });
    const again = await amendBooking(db, agent, confirm, { now });
    expect(again).toMatchObject({ kind: 'applied', amendmentId: (first as { amendmentId: string }).amendmentId, replayed: true });
    await expect(amendBooking(db, agent, { ...confirm, adults: 4 }, { now })).rejects.toMatchObject({ code: 'errors.idempotencyConflict' });
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance - offer.pricePerAdult!);
  });

  it('10 copies of one amendment at once charge once', async () => {
    const { db } = database;
    const agent = await senior();
    const { offer, target, reference } = await balanceBooking(agent, { days: 24 });
    const before = await bookingOf(db, reference);
    const confirm = await confirmed(agent, changeOf(before, { date: target.date, time: target.startTime, adults: 3 }));
    const balance = await agencyBalance(db, agent.agencyId);

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => amendBooking(db, agent, confirm, { now })));

    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(results.filter((result) => result.status === 'fulfilled' && !result.value.replayed)).toHaveLength(1);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance - offer.pricePerAdult!);
    expect(await db.$count(bookingAmendments, eq(bookingAmendments.bookingId, before.id))).toBe(1);
    expect((await slotStock(db, target.id))?.left).toBe(7);
    expect((await bookingOf(db, reference)).documentIssue).toBe(2);
  });

  it('10 different amendments of one booking at once: one applies, the others are told the booking changed', async () => {
    const { db } = database;
    const agent = await senior();
    const { offer, reference } = await balanceBooking(agent, { days: 26 });
    const before = await bookingOf(db, reference);
    const confirms = await Promise.all(Array.from({ length: 10 }, () => confirmed(agent, changeOf(before, { adults: 3 }))));
    const balance = await agencyBalance(db, agent.agencyId);

    const results = await Promise.allSettled(confirms.map((confirm) => amendBooking(db, agent, confirm, { now })));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code: string }).code] : []))).toEqual(Array(9).fill('amendments.errors.stale'));
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance - offer.pricePerAdult!);
  });

  it('5 bookings growing into a slot with 3 left at once never oversell it', async () => {
    const { db } = database;
    const agent = await senior();
    const offer = await findOffer(db, 'shared');
    const target = await prepareSlot(db, offer.id, addDays('2026-11-21', 40), { left: 3 });
    const booked = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const slot = await prepareSlot(db, offer.id, addDays('2026-11-21', 30 + index), { left: 10 });
        await fundAgency(db, agent.agencyId);
        return createBooking(db, agent, checkoutInput({ offerId: offer.id, date: slot.date, time: slot.startTime, adults: 2, paymentMethod: 'balance' }), { locale: 'en', now });
      }),
    );
    const confirms = await Promise.all(
      booked.map(async ({ reference }) => confirmed(agent, changeOf(await bookingOf(db, reference), { date: target.date, time: target.startTime }))),
    );

    const results = await Promise.allSettled(confirms.map((confirm) => amendBooking(db, agent, confirm, { now })));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await slotStock(db, target.id))?.left).toBe(1);
    const moved = await db.$count(bookings, and(eq(bookings.slotId, target.id), eq(bookings.offerId, offer.id)));
    expect(moved).toBe(1);
  });
});

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
