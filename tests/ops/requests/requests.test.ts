import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import { listBookings } from '@/server/bookings/list-queries';
import { agencies, auditLog, bookings, mailOutbox } from '@/server/db/schema';
import { Conflict, RuleViolation } from '@/server/errors';
import { confirmRequestAction, declineRequestAction, quoteRequestAction } from '@/server/ops/requests/request-actions';
import { confirmRequest, declineRequest, quoteRequest } from '@/server/ops/requests/request-decisions';
import { listOpenRequests } from '@/server/ops/requests/request-queries';
import { requestFiltersSchema } from '@/server/ops/requests/request-schema';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { addDays, agencyBalance, checkoutInput, DESERT_ROSE, findOffer, principalFor } from '../../support/booking-fixtures';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { staffFor } from '../ops-fixtures';

// The operator's requests queue and decisions on a real database.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }) }));
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

const now = new Date('2026-11-21T08:00:00Z');
const tourDate = addDays('2026-11-21', 12);
let database: TestDatabase;
let operator: StaffPrincipal;
let senior: Principal;
let palmAdmin: Principal;

async function makeRequest(principal: Principal, createdAt?: string): Promise<string> {
  const offer = await findOffer(database.db, 'request');
  const booking = await createBooking(
    database.db,
    principal,
    checkoutInput({ offerId: offer.id, date: tourDate, adults: Math.max(offer.minPeople, 1), paymentMethod: 'request' }),
    { locale: 'en', now },
  );
  if (createdAt) await database.db.update(bookings).set({ createdAt: new Date(createdAt) }).where(eq(bookings.reference, booking.reference));
  return booking.reference;
}

async function bookingRow(reference: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, reference));
  return row!;
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  operator = await staffFor(database.db, 'operator@traveldesk.test');
  senior = await principalFor(database.db, 'senior@desertrose.test');
  palmAdmin = await principalFor(database.db, 'admin@palmcoast.test');
});
afterAll(() => database.dispose());
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

describe('requests queue', () => {
  it('lists open requests oldest first, filtered by agency, reason and tour date, paged', async () => {
    const older = await makeRequest(senior, '2026-01-01T00:00:00Z');
    const newer = await makeRequest(palmAdmin, '2026-01-02T00:00:00Z');
    const all = await listOpenRequests(database.db, operator, requestFiltersSchema.parse({}));
    const references = all.rows.map((row) => row.reference);
    expect(references.indexOf(older)).toBeLessThan(references.indexOf(newer));
    expect(all.rows[0]?.reference).toBe(older);

    const palm = await listOpenRequests(database.db, operator, requestFiltersSchema.parse({ agency: palmAdmin.agencyId }));
    expect(palm.rows.map((row) => row.reference)).toEqual([newer]);
    expect((await listOpenRequests(database.db, operator, requestFiltersSchema.parse({ reason: 'cutOffPassed' }))).rows).toEqual([]);
    expect((await listOpenRequests(database.db, operator, requestFiltersSchema.parse({ reason: 'noLiveAvailability', from: tourDate, to: tourDate }))).rows.length).toBe(2);
    expect((await listOpenRequests(database.db, operator, requestFiltersSchema.parse({ from: addDays(tourDate, 1) }))).rows).toEqual([]);
    expect(await listOpenRequests(database.db, operator, requestFiltersSchema.parse({ page: '2' }))).toEqual({ rows: [], hasNext: false });
    // Malformed filters are ignored rather than failing the page.
    expect(requestFiltersSchema.parse({ agency: 'x', reason: 'nope', from: '2026-13-40', page: '-1' })).toEqual({ page: 1 });
  });
});

describe('request decisions', () => {
  it('quotes a price: the totals change, quoted_at is set, audited, the agent is mailed', async () => {
    const reference = await makeRequest(senior);
    await quoteRequest(database.db, operator, { reference, netTotal: 123_450, publishedTotal: 150_000 });
    const row = await bookingRow(reference);
    expect(row).toMatchObject({ status: 'quotation_request', netTotalMinor: 123_450, publishedTotalMinor: 150_000 });
    expect(row.quotedAt).not.toBeNull();
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'booking.quote')));
    expect(audit).toMatchObject({ actorStaffId: operator.staffId, agencyId: DESERT_ROSE, changes: { netTotalMinor: { to: 123_450 } } });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'request.quoted'));
    // The amount as the portal writes it in the mail's language (a no-break space after the code).
    expect(mails.some((mail) => mail.subject.includes(reference) && mail.textBody.includes('AED\u00a01,234.50'))).toBe(true);
  });

  it('confirms to payment_required for the agent to pay, without charging', async () => {
    const reference = await makeRequest(senior);
    const before = await agencyBalance(database.db, DESERT_ROSE);
    expect(await confirmRequest(database.db, operator, { reference, payment: 'agent' })).toEqual({ reference, status: 'payment_required' });
    expect((await bookingRow(reference)).status).toBe('payment_required');
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before);
    // The agent's mail links straight to the booking's "Pay now".
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'request.paymentRequired'));
    expect(mails.find((mail) => mail.subject.includes(reference))?.textBody).toContain(`/my-bookings/${reference}#pay-now`);
    // It stays under the agent's Requests, with its new status, and the status filter finds it there.
    const requests = await listBookings(database.db, senior, 'requests', parseBookingListQuery({ reference }));
    expect(requests.rows.map((row) => [row.reference, row.status])).toEqual([[reference, 'payment_required']]);
    expect((await listBookings(database.db, senior, 'requests', parseBookingListQuery({ reference, status: 'quotation_request' }))).rows).toEqual([]);
  });

  it('writes a Russian agent’s mail amount in Russian and links a decided request without "Pay now"', async () => {
    const reference = await makeRequest(senior);
    await database.db.update(bookings).set({ locale: 'ru' }).where(eq(bookings.reference, reference));
    await quoteRequest(database.db, operator, { reference, netTotal: 123_450, publishedTotal: 150_000 });
    await confirmRequest(database.db, operator, { reference, payment: 'balance' });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'request.confirmed'));
    const body = mails.find((mail) => mail.subject.includes(reference))?.textBody ?? '';
    expect(body).toContain('1\u00a0234,50\u00a0AED');
    expect(body).toContain(`/ru/my-bookings/${reference}`);
    expect(body).not.toContain('#pay-now');
  });

  it('confirms to completed from the balance, debiting the ledger once', async () => {
    const reference = await makeRequest(senior);
    await quoteRequest(database.db, operator, { reference, netTotal: 10_000, publishedTotal: 12_000 });
    const before = await agencyBalance(database.db, DESERT_ROSE);
    expect(await confirmRequest(database.db, operator, { reference, payment: 'balance' })).toMatchObject({ status: 'completed' });
    expect(await bookingRow(reference)).toMatchObject({ status: 'completed', paymentMethod: 'balance', paidMinor: 10_000 });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before - 10_000);
  });

  it('refuses to charge beyond balance + credit limit, changing nothing', async () => {
    const reference = await makeRequest(palmAdmin);
    const [palm] = await database.db.select().from(agencies).where(eq(agencies.id, palmAdmin.agencyId));
    await quoteRequest(database.db, operator, { reference, netTotal: palm!.balanceMinor + palm!.creditLimitMinor + 100, publishedTotal: 100 });
    const error = await confirmRequest(database.db, operator, { reference, payment: 'balance' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ code: 'opsRequests.errors.insufficientFunds', field: 'payment' });
    expect((await bookingRow(reference)).status).toBe('quotation_request');
    expect(await agencyBalance(database.db, palmAdmin.agencyId)).toBe(palm!.balanceMinor);
  });

  it('declines with a reason: cancelled, nothing charged, mailed', async () => {
    const reference = await makeRequest(senior);
    const before = await agencyBalance(database.db, DESERT_ROSE);
    await declineRequest(database.db, operator, { reference, reason: 'Desert closed for a festival' });
    const row = await bookingRow(reference);
    expect(row).toMatchObject({ status: 'cancelled', declineReason: 'Desert closed for a festival', paidMinor: 0 });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'request.declined'));
    expect(mails.some((mail) => mail.textBody.includes('Desert closed for a festival'))).toBe(true);
  });

  it('lets only one of two operators act on a request', async () => {
    const reference = await makeRequest(senior);
    const results = await Promise.allSettled([
      confirmRequest(database.db, operator, { reference, payment: 'agent' }),
      declineRequest(database.db, operator, { reference, reason: 'Too late' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(Conflict);
    await expect(quoteRequest(database.db, operator, { reference, netTotal: 1, publishedTotal: 1 })).rejects.toBeInstanceOf(Conflict);
  });
});

describe('request actions', () => {
  it('refuse a visitor and every agency role before reading the input', async () => {
    const reference = await makeRequest(senior);
    for (const principal of [null, senior, palmAdmin]) {
      session.principal = principal;
      for (const action of [quoteRequestAction, confirmRequestAction, declineRequestAction]) {
        expect(await action(null, form({ reference, netTotal: '1', publishedTotal: '1', payment: 'agent', reason: 'No way' }))).toMatchObject({ ok: false, status: 401 });
      }
    }
    expect((await bookingRow(reference)).status).toBe('quotation_request');
  });

  it('answer bad input with field errors and change nothing', async () => {
    const reference = await makeRequest(senior);
    const before = await bookingRow(reference);
    staffSession.staff = operator;
    const quoted = await quoteRequestAction(null, form({ reference, netTotal: '-5', publishedTotal: '' }));
    expect(quoted).toMatchObject({ ok: false, status: 422, fieldErrors: { netTotal: expect.any(String), publishedTotal: expect.any(String) } });
    expect(await confirmRequestAction(null, form({ reference, payment: 'cash' }))).toMatchObject({ ok: false, fieldErrors: { payment: expect.any(String) } });
    expect(await declineRequestAction(null, form({ reference, reason: 'a\u0000b' }))).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    expect(await declineRequestAction(null, form({ reference, reason: 'x'.repeat(501) }))).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    expect(await bookingRow(reference)).toEqual(before);

    expect(await quoteRequestAction(null, form({ reference, netTotal: '1,250.50', publishedTotal: '1500' }))).toMatchObject({ ok: true });
    expect(await bookingRow(reference)).toMatchObject({ netTotalMinor: 125_050, publishedTotalMinor: 150_000 });
  });
});
