import { and, eq } from 'drizzle-orm';
import { GET as getVoucherDocument } from '@/app/api/guest-vouchers/[token]/[kind]/route';
import { createBooking } from '@/server/bookings/create-booking';
import { mailOutbox } from '@/server/db/schema';
import { sendToGuestAction } from '@/server/guest-handoff/handoff-actions';
import { dubaiToday } from '@/shared/availability/rules';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// "Send to guest" through its server action, as the booking page's form posts it (the wrapper's
// sign-in, permission and zod parsing), and the voucher link's PDF route, public by its token.
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function mailsTo(email: string) {
  return database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'guestHandoff')));
}

it('sends once, refuses a bad address at its field with nothing sent, and asks a visitor to sign in', async () => {
  const { db } = database;
  const senior = await principalFor(db, 'senior@desertrose.test');
  const offer = await findOffer(db, 'shared');
  const tourDate = addDays(dubaiToday(now), 9);
  const slot = await prepareSlot(db, offer.id, tourDate, { left: 10 });
  const { reference } = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, paymentMethod: 'balance' }), { locale: 'en', now });

  session.principal = senior;
  const bad = await sendToGuestAction(null, form({ reference, email: 'not-an-address', locale: 'en' }));
  expect(bad).toMatchObject({ ok: false, status: 422, fieldErrors: { email: 'Enter a valid e-mail address, e.g. guest@example.com.' } });

  const email = 'action.guest@example.test';
  const sent = await sendToGuestAction(null, form({ reference, email, locale: 'en' }));
  expect(sent).toMatchObject({ ok: true, data: { sentTo: email, alreadySent: false } });
  expect(await sendToGuestAction(null, form({ reference, email, locale: 'en' }))).toMatchObject({ ok: true, data: { alreadySent: true } });
  const other = await sendToGuestAction(null, form({ reference, email: 'someone.else@example.test', locale: 'en' }));
  expect(other).toMatchObject({ ok: false, status: 429, code: 'guestHandoff.errors.justSent' });
  expect(other.ok ? '' : other.message).toMatch(/^The voucher was just sent to another address\. Please wait \d+ seconds? and try again\.$/);
  expect(await mailsTo(email)).toHaveLength(1);
  expect(await mailsTo('someone.else@example.test')).toEqual([]);

  // The mail's link's PDFs: public by the token, the agency's, refused for a forged token.
  const token = new URL(sent.ok ? sent.data.link : '').pathname.split('/').at(-1)!;
  session.principal = null;
  const voucher = await getVoucherDocument(apiRequest(`/api/guest-vouchers/${token}/voucher`), segment({ token, kind: 'voucher' }));
  expect(voucher.status).toBe(200);
  expect(voucher.headers.get('content-type')).toBe('application/pdf');
  const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
  expect((await getVoucherDocument(apiRequest(`/api/guest-vouchers/${forged}/voucher`), segment({ token: forged, kind: 'voucher' }))).status).toBe(404);
  expect((await getVoucherDocument(apiRequest(`/api/guest-vouchers/${token}/invoice`), segment({ token, kind: 'invoice' }))).status).toBe(404);

  expect(await sendToGuestAction(null, form({ reference, email, locale: 'en' }))).toMatchObject({ ok: false, status: 401 });
});
