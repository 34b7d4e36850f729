import { and, eq } from 'drizzle-orm';
import { approveAgency, approveAgencyOfAdmin } from '@/server/account/approve-agency';
import { resetPassword } from '@/server/account/reset-password';
import { signUp } from '@/server/account/sign-up';
import { authenticateAgent } from '@/server/auth/authenticate';
import { createBooking } from '@/server/bookings/create-booking';
import { agencies, auditLog } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { addDays, checkoutInput, countBookings, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { linkToken, MAIL, rejection, signUpInput, uploadDirectory, userByEmail, visitorAddress } from './account-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let uploads: Awaited<ReturnType<typeof uploadDirectory>>;
const now = new Date('2026-11-21T08:00:00Z');
const tourDate = addDays('2026-11-21', 10);
const PASSWORD = 'Falcon-Trips-2026';

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  uploads = await uploadDirectory();
});
afterAll(async () => {
  await database.dispose();
  await uploads.remove();
});

/** A registered agency whose admin has verified the e-mail and chosen a password. */
async function verifiedSignUp() {
  const { db } = database;
  const input = signUpInput();
  await signUp(db, input, { ...MAIL, storage: uploads.storage, clientAddress: visitorAddress() });
  await resetPassword(db, { token: await linkToken(db, input.email), password: PASSWORD });
  return userByEmail(db, input.email);
}

describe('a pending agency', () => {
  it('lets its verified admin sign in, but books nothing until it is approved', async () => {
    const { db } = database;
    const admin = await verifiedSignUp();
    const signIn = await authenticateAgent(db, { email: admin.email, password: PASSWORD, address: '203.0.113.50' }, now);
    expect(signIn).toMatchObject({ ok: true, agent: { id: admin.id, role: 'admin' } });

    const principal = await principalFor(db, admin.email);
    const offer = await findOffer(db, 'shared');
    const slot = await prepareSlot(db, offer.id, tourDate, { left: 10 });
    const input = () => checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, paymentMethod: 'cash' });

    const refused = await rejection(createBooking(db, principal, input(), { locale: 'en', now }));
    expect(refused.code).toBe('account.agencyPending');
    expect(await countBookings(db, admin.agencyId)).toBe(0);

    await approveAgencyOfAdmin(db, admin.email);
    await expect(createBooking(db, principal, input(), { locale: 'en', now })).resolves.toMatchObject({ status: 'completed' });
    expect(await countBookings(db, admin.agencyId)).toBe(1);
  });
});

describe('approval', () => {
  it('moves a pending agency to active once, recorded as the operator’s change', async () => {
    const { db } = database;
    const admin = await verifiedSignUp();

    await expect(approveAgency(db, admin.agencyId)).resolves.toEqual({ agencyId: admin.agencyId, agencyName: 'Falcon Trips L.L.C.', approved: true });
    await expect(approveAgency(db, admin.agencyId)).resolves.toMatchObject({ approved: false });

    const [agency] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, admin.agencyId));
    expect(agency?.status).toBe('active');
    const approvals = await db.select().from(auditLog).where(and(eq(auditLog.agencyId, admin.agencyId), eq(auditLog.action, 'agency.approve')));
    expect(approvals).toEqual([expect.objectContaining({ actorUserId: null, entity: 'agency', changes: { status: { from: 'pending', to: 'active' } } })]);
  });

  it('leaves a suspended agency suspended, and it cannot book', async () => {
    const { db } = database;
    const admin = await verifiedSignUp();
    await db.update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, admin.agencyId));
    await expect(approveAgency(db, admin.agencyId)).resolves.toMatchObject({ approved: false });
    const offer = await findOffer(db, 'request');
    const refused = await rejection(
      createBooking(db, await principalFor(db, admin.email), checkoutInput({ offerId: offer.id, date: tourDate, paymentMethod: 'request' }), { locale: 'en', now }),
    );
    expect(refused.code).toBe('account.agencySuspended');
  });

  it('knows no agency for an unknown e-mail', async () => {
    await expect(approveAgencyOfAdmin(database.db, 'nobody@example.test')).rejects.toBeInstanceOf(NotFound);
  });
});
