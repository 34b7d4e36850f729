import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createBooking } from '@/server/bookings/create-booking';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { agencyProfiles, auditLog, bookings, mailOutbox, storedFiles, widgets } from '@/server/db/schema';
import { loadGuestVoucher, renderGuestVoucherDocument, voucherPlaceOf } from '@/server/guest-handoff/guest-voucher';
import { handoffSchema } from '@/server/guest-handoff/handoff-schema';
import { sendVoucherToGuest } from '@/server/guest-handoff/send-to-guest';
import { readVoucherToken } from '@/server/guest-handoff/voucher-link';
import { OutboxMailer } from '@/server/mail/mailer';
import { dubaiToday } from '@/shared/availability/rules';
import { addDays, checkoutInput, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Guest hand-off: the agent sends the voucher to the guest by mail, in the guest's language and
// the agency's brand (name, logo, contacts from the company settings; never the operator's), once
// per booking however often it is clicked (also concurrently, on PostgreSQL); the mail's link opens
// the voucher and its PDFs without an account, until the day after the tour; bad input sends nothing.

let database: TestDatabase;
const now = new Date();
const today = dubaiToday(now);
const tourDate = addDays(today, 12);
const mailer = new OutboxMailer();
const SUPPORT = { officeNumber: '+971 4 555 7788', primaryContactName: 'Leila Haddad', secondaryContactName: '', mobile: '', email: 'care@desertrose.test' };
let logoFileId = '';

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  await db
    .insert(agencyProfiles)
    .values({ agencyId: DESERT_ROSE, supportContacts: SUPPORT })
    .onConflictDoUpdate({ target: agencyProfiles.agencyId, set: { supportContacts: SUPPORT } });
  const [file] = await db
    .insert(storedFiles)
    .values({ agencyId: DESERT_ROSE, purpose: 'widgetLogo', storageKey: `test/logo-${now.getTime()}.svg`, originalName: 'logo.svg', contentType: 'image/svg+xml', sizeBytes: 10 })
    .returning();
  logoFileId = file!.id;
  await db.update(widgets).set({ logoFileIds: [logoFileId], updatedAt: new Date(Date.now() + 60_000) }).where(eq(widgets.domain, 'tours.desertrose.test'));
});
afterAll(() => database.dispose());

async function book(role: 'senior' | 'junior' = 'senior', paymentMethod: 'balance' | 'request' = 'balance') {
  const { db } = database;
  const agent = await principalFor(db, `${role}@desertrose.test`);
  const offer = await findOffer(db, 'shared');
  const slot = await prepareSlot(db, offer.id, tourDate, { left: 40 });
  const booked = await createBooking(
    db,
    agent,
    checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, adults: 2, paymentMethod: paymentMethod === 'request' ? 'cash' : paymentMethod, guestName: 'Olga Petrova', ...(paymentMethod === 'request' ? { bookWithAgent: true } : {}) } as never),
    { locale: 'en', now },
  );
  return { agent, reference: booked.reference };
}

async function mailsTo(email: string) {
  return database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'guestHandoff')));
}

function pathOf(link: string): { token: string; path: string; host: string } {
  const url = new URL(link);
  return { token: url.pathname.split('/').at(-1)!, path: url.pathname, host: url.host };
}

describe('sending the voucher to the guest', () => {
  it('mails it once, in the chosen language, in the agency brand with its logo and contacts, never ours', async () => {
    const { agent, reference } = await book();
    const email = 'olga.guest@example.test';
    const sent = await sendVoucherToGuest(database.db, agent, { reference, email: ` ${email.toUpperCase()} `, locale: 'ru' }, { mailer });
    expect(sent).toMatchObject({ sentTo: email, alreadySent: false });
    // The agency has a verified widget site: the link is on its own domain, in Russian.
    expect(sent.link).toMatch(new RegExp(`^https://tours\\.desertrose\\.test/ru/embedded/voucher/${reference}-ru-`));

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(reference);
    expect(mail!.subject).toMatch(/Ваш ваучер/);
    expect(mail!.textBody).toContain('Здравствуйте, Olga Petrova!');
    expect(mail!.textBody).toContain(sent.link);
    expect(mail!.textBody).toContain('Desert Rose Travel');
    expect(mail!.textBody).toContain(SUPPORT.officeNumber);
    expect(mail!.textBody).toContain(SUPPORT.email);
    expect(mail!.htmlBody).toContain(`https://tours.desertrose.test/api/catalog/images/${logoFileId}`);
    for (const body of [mail!.subject, mail!.textBody, mail!.htmlBody ?? '']) expect(body).not.toMatch(/traveldesk/i);

    // A double click, a retry, or the same send a moment later: no second mail.
    const again = await sendVoucherToGuest(database.db, agent, { reference, email, locale: 'ru' }, { mailer });
    expect(again).toMatchObject({ sentTo: email, alreadySent: true });
    expect(await mailsTo(email)).toHaveLength(1);
    // To another address at once: wait, and still nothing sent.
    await expect(sendVoucherToGuest(database.db, agent, { reference, email: 'other@example.test', locale: 'en' }, { mailer })).rejects.toMatchObject({
      code: 'guestHandoff.errors.justSent',
      retryAfterSeconds: expect.any(Number),
    });
    expect(await mailsTo('other@example.test')).toEqual([]);
    const [booking] = await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference));
    const trail = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, booking!.id), eq(auditLog.action, 'booking.guestHandoff')));
    expect(trail).toHaveLength(1);
  });

  it('sends one mail when the same send arrives twice at once', async () => {
    const { agent, reference } = await book();
    const email = 'twice.at.once@example.test';
    const results = await Promise.all([
      sendVoucherToGuest(database.db, agent, { reference, email, locale: 'en' }, { mailer }),
      sendVoucherToGuest(database.db, agent, { reference, email, locale: 'en' }, { mailer }),
    ]);
    expect(results.map((result) => result.alreadySent).sort()).toEqual([false, true]);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses a bad address before anything is sent, a booking not confirmed or cancelled, and another agent\'s booking', async () => {
    for (const email of ['', 'not-an-address', 'guest@', 'a@b@c.test', `${'x'.repeat(250)}@example.test`]) {
      const parsed = handoffSchema.safeParse({ reference: 'TD-ABCD234', email, locale: 'en' });
      expect(parsed.success, email).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('guestHandoff.errors.email');
    }
    expect(handoffSchema.safeParse({ reference: 'TD-ABCD234', email: 'ok@example.test', locale: 'de' }).success).toBe(false);

    const { agent, reference } = await book();
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    await expect(sendVoucherToGuest(database.db, junior, { reference, email: 'x@example.test', locale: 'en' }, { mailer })).rejects.toMatchObject({ code: 'errors.notFound' });
    const gulf = await principalFor(database.db, 'admin@gulfhorizons.test');
    await expect(sendVoucherToGuest(database.db, gulf, { reference, email: 'x@example.test', locale: 'en' }, { mailer })).rejects.toMatchObject({ code: 'errors.notFound' });
    await cancelBooking(database.db, agent, reference);
    await expect(sendVoucherToGuest(database.db, agent, { reference, email: 'x@example.test', locale: 'en' }, { mailer })).rejects.toMatchObject({
      code: 'guestHandoff.errors.notConfirmed',
    });
    await expect(sendVoucherToGuest(database.db, agent, { reference, email: 'x@example.test', locale: 'en' }, { mailer, now: new Date(Date.parse(`${tourDate}T12:00:00Z`) + 3 * 86_400_000) })).rejects.toMatchObject({
      code: 'guestHandoff.errors.notConfirmed',
    });
    expect(await mailsTo('x@example.test')).toEqual([]);
  });

  it('refuses once the tour is over', async () => {
    const { agent, reference } = await book();
    const after = new Date(Date.parse(`${tourDate}T12:00:00Z`) + 2 * 86_400_000);
    await expect(sendVoucherToGuest(database.db, agent, { reference, email: 'late@example.test', locale: 'en' }, { mailer, now: after })).rejects.toMatchObject({
      code: 'guestHandoff.errors.tourOver',
    });
    expect(await mailsTo('late@example.test')).toEqual([]);
  });
});

describe("the guest's voucher link", () => {
  it('shows the voucher in the link language and the agency brand, on our host and the agency domain only, until it expires', async () => {
    const { agent, reference } = await book();
    const sent = await sendVoucherToGuest(database.db, agent, { reference, email: 'page.guest@example.test', locale: 'ru' }, { mailer });
    const { token } = pathOf(sent.link);

    for (const host of ['localhost:3000', 'tours.desertrose.test']) {
      const found = await loadGuestVoucher(database.db, token, voucherPlaceOf(host));
      expect(found.state, host).toBe('valid');
      if (found.state !== 'valid') continue;
      expect(found.view).toMatchObject({ reference, locale: 'ru', status: 'completed', guestName: 'Olga Petrova', documents: ['voucher', 'tickets'] });
      expect(found.view.brand).toMatchObject({ name: 'Desert Rose Travel', logoFileId, phone: SUPPORT.officeNumber, email: SUPPORT.email });
      expect(JSON.stringify(found.view)).not.toMatch(/traveldesk/i);
    }
    // Another agency's widget domain never shows Desert Rose's voucher.
    await database.db.update(widgets).set({ domain: 'tours.gulfhorizons.test', domainStatus: 'verified' }).where(eq(widgets.id, (await anotherAgencyWidget())!));
    expect(await loadGuestVoucher(database.db, token, voucherPlaceOf('tours.gulfhorizons.test'))).toEqual({ state: 'invalid' });

    // The guest's PDF: the agency's, in Russian, no operator and no NET.
    const voucher = await renderGuestVoucherDocument(database.db, token, voucherPlaceOf('localhost:3000'), 'voucher');
    const parser = new PDFParse({ data: new Uint8Array(voucher.pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Desert Rose Travel');
    expect(text).toContain(reference);
    expect(text).toMatch(/[А-Яа-я]/);
    expect(text).not.toMatch(/traveldesk/i);

    // The day after the day after the tour: expired, naming nothing; the PDFs are gone too.
    const later = new Date(Date.parse(`${tourDate}T00:00:00Z`) + 3 * 86_400_000);
    expect(await loadGuestVoucher(database.db, token, voucherPlaceOf('localhost:3000'), later)).toEqual({ state: 'expired' });
    await expect(renderGuestVoucherDocument(database.db, token, voucherPlaceOf('localhost:3000'), 'voucher', later)).rejects.toMatchObject({ code: 'errors.notFound' });
    expect(readVoucherToken(token, later)).toEqual({ state: 'expired' });
  });

  it('refuses a forged or altered token with nothing of the booking', async () => {
    const { agent, reference } = await book();
    const sent = await sendVoucherToGuest(database.db, agent, { reference, email: 'forged@example.test', locale: 'en' }, { mailer });
    const { token } = pathOf(sent.link);
    for (const forged of [token.replace(/.$/, (c) => (c === '0' ? '1' : '0')), token.replace('-en-', '-ru-'), 'TD-ABCD234-en-1-00000000000000000000000000000000', 'anything']) {
      expect(await loadGuestVoucher(database.db, forged, voucherPlaceOf('localhost:3000'))).toEqual({ state: 'invalid' });
      await expect(renderGuestVoucherDocument(database.db, forged, voucherPlaceOf('localhost:3000'), 'tickets')).rejects.toMatchObject({ code: 'errors.notFound' });
    }
  });
});

async function anotherAgencyWidget(): Promise<string | undefined> {
  const gulf = await principalFor(database.db, 'admin@gulfhorizons.test');
  const [existing] = await database.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.agencyId, gulf.agencyId)).limit(1);
  if (existing) return existing.id;
  const [desertRose] = await database.db.select().from(widgets).where(eq(widgets.domain, 'tours.desertrose.test'));
  const { id: _id, ...rest } = desertRose!;
  const [created] = await database.db.insert(widgets).values({ ...rest, agencyId: gulf.agencyId, createdBy: gulf.userId, domain: null, domainStatus: null, logoFileIds: [] }).returning({ id: widgets.id });
  return created?.id;
}
