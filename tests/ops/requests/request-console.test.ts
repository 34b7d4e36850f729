import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import { auditLog, bookings, mailOutbox } from '@/server/db/schema';
import { seedDemoData } from '@/server/db/seed';
import { confirmRequestAction, declineRequestAction, quoteRequestAction } from '@/server/ops/requests/request-actions';
import { listRequestQueue, requestQueueFiltersSchema } from '@/server/ops/requests/request-queue';
import { dubaiToday } from '@/server/shared/availability/rules';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { agencyBalance, checkoutInput, DESERT_ROSE, findOffer, principalFor } from '../../support/booking-fixtures';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The console's requests (issue 19 §4) on a real database: the queue oldest first, and each
// decision through its action: staff first, input at the edge, once only, audited, mailed.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }) }));
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return { getTranslations: async () => createTranslator({ locale: 'en', messages, timeZone: 'Asia/Dubai' }) };
});

let database: TestDatabase;
let operator: StaffPrincipal;
let agent: Principal;
const inAWeek = dubaiToday(new Date(Date.now() + 7 * 86_400_000));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today: new Date() });
  serveRoutesFrom(database);
  const [staff] = await database.db.query.staffMembers.findMany({ limit: 1 });
  operator = { staffId: staff!.id, email: staff!.email, name: staff!.name, role: staff!.role };
  agent = await principalFor(database.db, 'senior@desertrose.test');
});
afterAll(() => database.dispose());
beforeEach(() => {
  staffSession.staff = operator;
  session.principal = null;
});

async function newRequest(): Promise<string> {
  const offer = await findOffer(database.db, 'request');
  const created = await createBooking(database.db, agent, checkoutInput({ offerId: offer.id, date: inAWeek, paymentMethod: 'request' }), { locale: 'en' });
  expect(created.status).toBe('quotation_request');
  return created.reference;
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

async function bookingOf(reference: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
}

describe('the requests queue', () => {
  it('lists open requests oldest first, pages, and filters by agency', async () => {
    const first = await newRequest();
    const second = await newRequest();
    const { rows } = await listRequestQueue(database.db, operator, requestQueueFiltersSchema.parse({ agency: DESERT_ROSE }));
    const references = rows.map((row) => row.reference);
    expect(references.indexOf(first)).toBeLessThan(references.indexOf(second));
    const other = await listRequestQueue(database.db, operator, requestQueueFiltersSchema.parse({ agency: '00000000-0000-4000-8000-000000000000' }));
    expect(other.rows).toEqual([]);
    // Malformed filters are dropped, not errors.
    expect(requestQueueFiltersSchema.parse({ page: '-3', reason: 'x', travelFrom: '2026-13-40' })).toEqual({ page: 1 });
  });
});

describe('deciding a request', () => {
  it('quotes a price, refuses a retail total below the b2b one, and audits the quote', async () => {
    const reference = await newRequest();
    const refused = await quoteRequestAction(null, form({ reference, netTotal: '500', publishedTotal: '400' }));
    expect(refused).toMatchObject({ ok: false, status: 422, fieldErrors: { publishedTotal: expect.any(String) } });
    expect(await quoteRequestAction(null, form({ reference, netTotal: '1,250.50', publishedTotal: '1500' }))).toMatchObject({ ok: true });
    const booking = await bookingOf(reference);
    expect(booking).toMatchObject({ netTotalMinor: 125_050, publishedTotalMinor: 150_000, status: 'quotation_request' });
    expect(booking.quotedAt).not.toBeNull();
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.quote')));
    expect(audit).toMatchObject({ actorStaffId: operator.staffId, agencyId: DESERT_ROSE });
  });

  it('confirms to payment required once, and mails the agent', async () => {
    const reference = await newRequest();
    await quoteRequestAction(null, form({ reference, netTotal: '300', publishedTotal: '350' }));
    expect(await confirmRequestAction(null, form({ reference, settle: 'payment' }))).toMatchObject({ ok: true, data: 'payment_required' });
    expect(await bookingOf(reference)).toMatchObject({ status: 'payment_required', netTotalMinor: 30_000 });
    expect(await confirmRequestAction(null, form({ reference, settle: 'payment' }))).toMatchObject({ ok: false, status: 409 });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, agent.email));
    expect(mails.some((mail) => mail.subject.includes(reference) && mail.textBody.includes(`/my-bookings/${reference}`))).toBe(true);
  });

  it('confirms onto the balance: completed and debited within credit', async () => {
    const reference = await newRequest();
    await quoteRequestAction(null, form({ reference, netTotal: '200', publishedTotal: '240' }));
    const before = await agencyBalance(database.db, DESERT_ROSE);
    expect(await confirmRequestAction(null, form({ reference, settle: 'balance' }))).toMatchObject({ ok: true, data: 'completed' });
    expect(await bookingOf(reference)).toMatchObject({ status: 'completed', paymentMethod: 'balance', paidMinor: 20_000 });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before - 20_000);
  });

  it('declines with a reason the agent sees, charging nothing', async () => {
    const reference = await newRequest();
    const before = await agencyBalance(database.db, DESERT_ROSE);
    expect(await declineRequestAction(null, form({ reference, reason: 'x' }))).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    expect(await declineRequestAction(null, form({ reference, reason: 'Fully booked that day' }))).toMatchObject({ ok: true });
    expect(await bookingOf(reference)).toMatchObject({ status: 'cancelled', declineReason: 'Fully booked that day' });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before);
    expect(await declineRequestAction(null, form({ reference, reason: 'again' }))).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses an agency admin and a visitor, changing nothing', async () => {
    const reference = await newRequest();
    staffSession.staff = null;
    session.principal = await principalFor(database.db, 'admin@desertrose.test');
    expect(await confirmRequestAction(null, form({ reference, settle: 'balance' }))).toMatchObject({ ok: false, status: 401 });
    session.principal = null;
    expect(await declineRequestAction(null, form({ reference, reason: 'No' }))).toMatchObject({ ok: false, status: 401 });
    expect(await bookingOf(reference)).toMatchObject({ status: 'quotation_request' });
  });
});
