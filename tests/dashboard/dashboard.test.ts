import { and, eq } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import { sendCancellationDigests } from '@/server/dashboard/cancellation-digest';
import { freeCancellationEnds, loadDashboard } from '@/server/dashboard/dashboard-queries';
import { lookUpBookings } from '@/server/dashboard/booking-lookup';
import { agencyInvoices, cancellationDigests, mailOutbox, offers, users } from '@/server/db/schema';
import { dubaiToday } from '@/shared/availability/rules';
import { addDays, checkoutInput, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The agent dashboard's queries, the header's booking search and the daily cancellation-deadline
// digest, on a real database with bookings made through the booking path itself.

let database: TestDatabase;
const now = new Date();
const today = dubaiToday(now);
const options = { locale: 'en' as const, now };
const references: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  const [senior, junior, other] = await Promise.all([
    principalFor(db, 'senior@desertrose.test'),
    principalFor(db, 'junior@desertrose.test'),
    principalFor(db, 'senior@gulfhorizons.test'),
  ]);
  const offer = await findOffer(db, 'shared');
  // The operator's standard tiers (100 % until 48 h before the start): free cancellation ends 48 h before.
  await db.update(offers).set({ cancellationPolicy: { kind: 'standard' } }).where(eq(offers.id, offer.id));
  const soon = addDays(today, 3);
  const later = addDays(today, 10);
  const soonSlot = await prepareSlot(db, offer.id, soon, { left: 40 });
  const laterSlot = await prepareSlot(db, offer.id, later, { left: 40 });
  const book = async (key: string, principal: typeof senior, date: string, time: string, overrides: Partial<Parameters<typeof checkoutInput>[0]> = {}) => {
    const booking = await createBooking(db, principal, checkoutInput({ offerId: offer.id, date, time, paymentMethod: 'balance', ...overrides }), options);
    references[key] = booking.reference;
  };
  await book('soon', senior, soon, soonSlot.startTime, { guestName: 'Amelia Whitfield' });
  await book('later', senior, later, laterSlot.startTime, { guestName: 'Boris Kuznetsov' });
  await book('juniorSoon', junior, soon, soonSlot.startTime, { guestName: 'Chen Jing', paymentMethod: 'cash' });
  await book('request', senior, later, laterSlot.startTime, { guestName: 'Dana Request', paymentMethod: 'request' });
  await book('otherAgency', other, soon, soonSlot.startTime, { guestName: 'Amelia Elsewhere' });
  await db.insert(agencyInvoices).values({ agencyId: DESERT_ROSE, month: `${addDays(today, -40).slice(0, 7)}-01`, amountMinor: 12_345_00, dueOn: addDays(today, 5) });
});
afterAll(() => database.dispose());

describe('dashboard', () => {
  it('shows a senior agent the agency’s departures, requests, deadlines, recent bookings, money and charts', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const data = await loadDashboard(db, senior, now);
    const refs = (rows: { reference: string }[]) => rows.map((row) => row.reference).sort();

    expect(refs(data.departures)).toEqual([references.soon, references.juniorSoon].sort());
    expect(refs(data.openRequests)).toEqual([references.request]);
    expect(refs(data.deadlines)).toEqual([references.soon, references.juniorSoon].sort());
    for (const row of data.deadlines) {
      expect(row.freeUntil.getTime()).toBeGreaterThan(now.getTime());
      expect(row.freeUntil.getTime()).toBeLessThanOrEqual(now.getTime() + 48 * 3_600_000);
    }
    expect(refs(data.recent)).toEqual([references.soon, references.later, references.juniorSoon, references.request].sort());
    expect(data.money).toMatchObject({ nextInvoice: { dueOn: addDays(today, 5), amountMinor: 12_345_00 } });
    expect(data.money!.availableMinor).toBe(data.money!.balanceMinor + data.money!.creditLimitMinor);

    const charts = data.charts!;
    expect(charts.months).toHaveLength(12);
    expect(charts.months.at(-1)!.month).toBe(today.slice(0, 7));
    // Sales are the completed bookings that are not requests: soon, later and the junior's cash booking.
    const sold = data.recent.filter((row) => row.reference !== references.request);
    expect(charts.months.at(-1)!.salesMinor).toBe(sold.reduce((sum, row) => sum + row.publishedTotalMinor, 0));
    expect(charts.months.at(-1)!.commissionMinor).toBeGreaterThan(0);
    expect(charts.topTours).toHaveLength(1);
    expect(charts.topTours[0]!.bookings).toBe(3);
    expect(charts.balance.at(-1)?.day).toBe(today);
  });

  it('shows a junior agent only their own bookings, without money or charts', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const data = await loadDashboard(db, junior, now);
    expect(data.departures.map((row) => row.reference)).toEqual([references.juniorSoon]);
    expect(data.deadlines.map((row) => row.reference)).toEqual([references.juniorSoon]);
    expect(data.recent.map((row) => row.reference)).toEqual([references.juniorSoon]);
    expect(data.openRequests).toEqual([]);
    expect(data.money).toBeNull();
    expect(data.charts).toBeNull();
  });

  it('ends free cancellation at the start of the last tier that refunds in full', () => {
    const tour = { tourDate: '2027-03-10', startTime: '10:00' };
    const start = new Date('2027-03-10T06:00:00Z').getTime();
    const tiers = (moreThan48h: number, between24hAnd48h: number, lessThan24h: number) => ({ kind: 'tiers' as const, tiers: { moreThan48h, between24hAnd48h, lessThan24h } });
    expect(freeCancellationEnds(tour, tiers(100, 100, 100))?.getTime()).toBe(start);
    expect(freeCancellationEnds(tour, tiers(100, 100, 50))?.getTime()).toBe(start - 24 * 3_600_000);
    expect(freeCancellationEnds(tour, tiers(100, 50, 0))?.getTime()).toBe(start - 48 * 3_600_000);
    expect(freeCancellationEnds(tour, tiers(90, 50, 0))).toBeNull();
    expect(freeCancellationEnds(tour, { kind: 'nonRefundable' })).toBeNull();
  });
});

describe('header booking search', () => {
  it('finds a booking by its reference (any case, a prefix) and by part of the guest’s name', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    expect((await lookUpBookings(db, senior, references.later!.toLowerCase())).map((hit) => hit.reference)).toEqual([references.later]);
    expect((await lookUpBookings(db, senior, references.later!.slice(0, 6))).map((hit) => hit.reference)).toContain(references.later);
    expect((await lookUpBookings(db, senior, 'kuznet')).map((hit) => hit.reference)).toEqual([references.later]);
    // Another agency's Amelia is never found.
    expect((await lookUpBookings(db, senior, 'amelia')).map((hit) => hit.reference)).toEqual([references.soon]);
    expect(await lookUpBookings(db, senior, '100%_')).toEqual([]);
  });

  it('finds for a junior agent only their own bookings', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    expect(await lookUpBookings(db, junior, references.soon!)).toEqual([]);
    expect((await lookUpBookings(db, junior, 'chen')).map((hit) => hit.reference)).toEqual([references.juniorSoon]);
  });
});

describe('cancellation-deadline digest', () => {
  it('mails each agency once a day, admins every booking and an agent their own, in their language', async () => {
    const { db } = database;
    await db.update(users).set({ locale: 'ru' }).where(eq(users.email, 'admin@desertrose.test'));
    const [desertRose, gulf] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'senior@gulfhorizons.test')]);
    const origin = 'https://portal.example.test';

    const mailed = await sendCancellationDigests(db, now, { origin });
    expect(mailed.sort()).toEqual([desertRose.agencyId, gulf.agencyId].sort());
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'cancellationDigest'));
    const to = (email: string) => mails.filter((mail) => mail.recipient === email);

    const [admin] = to('admin@desertrose.test');
    expect(admin!.subject).toMatch(/бесплатная отмена 2 бронирований/i);
    expect(admin!.textBody).toContain(references.soon);
    expect(admin!.textBody).toContain(references.juniorSoon);
    expect(admin!.textBody).toContain(`${origin}/ru/my-bookings/${references.soon}`);
    expect(admin!.textBody).not.toContain(references.later);
    // The junior made one of them: their own, in English; the senior made the other, and is told of it.
    const [junior] = to('junior@desertrose.test');
    expect(junior!.subject).toBe('Free cancellation ends soon for 1 booking');
    expect(junior!.textBody).toContain(references.juniorSoon);
    expect(junior!.textBody).not.toContain(references.soon);
    expect(to('senior@desertrose.test')[0]!.textBody).toContain(references.soon);
    // Palm Coast has no such booking: no mail at all.
    expect(mails.some((mail) => mail.recipient.endsWith('@palmcoast.test'))).toBe(false);

    // Run again the same day (a retry, another process): nothing more is sent.
    expect(await sendCancellationDigests(db, new Date(now.getTime() + 60_000), { origin })).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'cancellationDigest'))).toHaveLength(mails.length);
    expect(await db.select().from(cancellationDigests).where(and(eq(cancellationDigests.agencyId, desertRose.agencyId), eq(cancellationDigests.day, today)))).toHaveLength(1);
  });

  it('mails each agency once when two runs race (each agency is marked in the transaction of its mails)', async () => {
    const { db } = database;
    // The day starts again: no agency has its marker, and two runners start at once.
    await db.delete(cancellationDigests);
    const before = new Set((await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'cancellationDigest'))).map((mail) => mail.id));
    const runs = await Promise.all([sendCancellationDigests(db, now), sendCancellationDigests(db, now)]);
    const mailed = runs.flat();
    expect(mailed).toHaveLength(2);
    expect(new Set(mailed).size).toBe(2);
    const after = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'cancellationDigest'));
    const recipients = after.filter((mail) => !before.has(mail.id)).map((mail) => mail.recipient);
    expect(recipients.length).toBe(before.size);
    expect(new Set(recipients).size).toBe(recipients.length);
  });
});
