import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { GET as getPublicImage } from '@/app/api/catalog/images/[id]/route';
import { updateCompanyAction } from '@/server/agencies/company-actions';
import { readCompanyRecord } from '@/server/agencies/company-queries';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import { auditLog, mailOutbox, storedFiles, widgets } from '@/server/db/schema';
import { DEMO_WIDGET_DOMAIN } from '@/server/db/seed/widgets';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { reencodedImage } from '@/server/files/whole-image';
import { loadAgencyBrand } from '@/server/guest-handoff/agency-brand';
import { loadGuestVoucher, voucherPlaceOf } from '@/server/guest-handoff/guest-voucher';
import { sendVoucherToGuest } from '@/server/guest-handoff/send-to-guest';
import { OutboxMailer } from '@/server/mail/mailer';
import { createQuote } from '@/server/quotes/create-quote';
import { loadGuestQuote } from '@/server/quotes/quote-view';
import { loadPdfLogo } from '@/server/widgets/guest-bookings/guest-booking-view';
import { uploadWidgetMedia } from '@/server/widgets/widget-media';
import { dubaiToday } from '@/shared/availability/rules';
import { quoteSchema } from '@/shared/quotes/quote-schema';
import { addDays, checkoutInput, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The agency's logo in its company settings: saved through the settings form's action (the
// wrapper's permission, parsing and messages), refused whole when the file is not a sound PNG or
// JPEG, public to signed-out guests, and the brand its guests see before its widgets' logo.

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());
// A saved form refreshes the page it was posted from; there is no page here.
const refreshed = vi.fn();
vi.mock('next/cache', async (original) => ({ ...(await original<typeof import('next/cache')>()), refresh: () => refreshed() }));

/** A real 2×1 PNG and 3×2 JPEG (sharp): the logo is decoded to its last pixel before it is kept. */
const PNG = new Uint8Array(await sharp({ create: { width: 2, height: 1, channels: 3, background: '#c0392b' } }).png().toBuffer());
const pngBytes = (): Uint8Array<ArrayBuffer> => PNG.slice();
const JPEG = new Uint8Array(await sharp({ create: { width: 3, height: 2, channels: 3, background: '#b5452b' } }).jpeg().toBuffer());
const image = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') => new File([bytes], name, { type });

const UNSUPPORTED = 'Unsupported file format. Only JPG, PNG formats are supported.';
const DAMAGED = 'The image cannot be read: the file may be damaged. Save it again (JPG, PNG) and upload it.';

let database: TestDatabase;
let root: string;
let admin: Principal;
let widgetLogoId: string;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  root = await mkdtemp(path.join(os.tmpdir(), 'company-logo-'));
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = new LocalDiskStorage(root);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  // The agency's widget already has a logo: the brand its guests saw before company settings had one.
  const [widget] = await database.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.domain, DEMO_WIDGET_DOMAIN));
  await uploadWidgetMedia(database.db, admin, widget!.id, 'logo', image(pngBytes(), 'widget logo.png'));
  const [row] = await database.db.select({ logoFileIds: widgets.logoFileIds }).from(widgets).where(eq(widgets.id, widget!.id));
  widgetLogoId = row!.logoFileIds[0]!;
});
afterAll(async () => {
  session.principal = null;
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

/** The company settings form as the page posts it: every text field as stored, with `changes` on top. */
async function post(changes: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries((await readCompanyRecord(database.db, DESERT_ROSE)).values)) form.set(name, value);
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  session.principal = admin;
  return updateCompanyAction(null, form);
}

const record = () => readCompanyRecord(database.db, DESERT_ROSE);
const storedBytes = async () => readdir(path.join(root, DESERT_ROSE)).catch(() => []);
const auditEntries = () => database.db.$count(auditLog, eq(auditLog.agencyId, DESERT_ROSE));
const brandLogo = async () => (await loadAgencyBrand(database.db, DESERT_ROSE)).logoFileId;

describe('the logo in company settings', () => {
  it('the brand is the widget’s logo while company settings have none', async () => {
    expect((await record()).logo).toBeNull();
    expect(await brandLogo()).toBe(widgetLogoId);
  });

  it('saves a logo with the rest of the form, serves it to a signed-out guest, and makes it the brand', async () => {
    const saved = await post({ logo: image(pngBytes(), 'desert rose.png'), bankNotes: 'Saved with the logo' });
    expect(saved).toMatchObject({ ok: true, changedCount: 2 });
    expect(refreshed).toHaveBeenCalled();

    const { logo, values } = await record();
    expect(values.bankNotes).toBe('Saved with the logo');
    expect(logo).toEqual({ id: expect.any(String), name: 'desert rose.png', href: `/api/catalog/images/${logo!.id}` });
    const [file] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, logo!.id));
    expect(file).toMatchObject({ agencyId: DESERT_ROSE, purpose: 'agencyLogo', contentType: 'image/png', uploadedBy: admin.userId });
    const [entry] = await database.db.select().from(auditLog).where(and(eq(auditLog.agencyId, DESERT_ROSE), eq(auditLog.action, 'agency.update')));
    expect(entry!.changes.logo).toEqual({ from: null, to: 'desert rose.png' });

    // No session: the guest's mail and pages load it as a widget's logo is loaded.
    session.principal = null;
    const served = await getPublicImage(apiRequest(logo!.href), segment({ id: logo!.id }));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Kept re-encoded from its pixels: the same 2×1 picture, as the voucher's PDF draws it.
    const servedBytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(servedBytes).metadata()).toMatchObject({ format: 'png', width: 2, height: 1 });
    expect(file!.sizeBytes).toBe(servedBytes.byteLength);

    expect(await brandLogo()).toBe(logo!.id);
    expect(await loadPdfLogo(database.db, logo!.id)).toEqual(servedBytes);
  });

  it.each([
    ['a PDF renamed .png', () => image(new Uint8Array(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n')), 'logo.png'), UNSUPPORTED],
    ['an SVG', () => image(new Uint8Array(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 'logo.svg', 'image/svg+xml'), UNSUPPORTED],
    ['a WebP', () => image(new Uint8Array(new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ')), 'logo.webp', 'image/webp'), UNSUPPORTED],
    ['a 6 MB file', () => image(new Uint8Array(6 * 1024 * 1024).fill(0x20), 'huge.png'), 'File is too large. Maximum size is 5MB.'],
    ['a PNG cut off in the middle', () => image(pngBytes().slice(0, 40), 'cut.png'), DAMAGED],
    ['a file that only starts like a PNG', () => image(new Uint8Array([...pngBytes().slice(0, 8), ...new Uint8Array(64).fill(7)]), 'junk.png'), DAMAGED],
    ['a JPEG without its end', () => image(JPEG.slice(0, -2), 'cut.jpg', 'image/jpeg'), DAMAGED],
  ])('refuses %s at the logo field, keeps what was typed, and changes nothing', async (_case, badFile, message) => {
    const before = await record();
    const files = await database.db.$count(storedFiles);
    const entries = await auditEntries();
    const bytes = await storedBytes();

    const refused = await post({ logo: badFile(), bankNotes: 'Typed before a refused logo', removeLogo: 'on' });
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      message: 'Check that the fields are filled in correctly',
      fieldErrors: { logo: message },
      filesDropped: true,
      values: { bankNotes: 'Typed before a refused logo', removeLogo: 'on' },
    });
    expect(await record()).toEqual(before);
    expect(await database.db.$count(storedFiles)).toBe(files);
    expect(await auditEntries()).toBe(entries);
    expect(await storedBytes()).toEqual(bytes);
  });

  it('replaces the logo with a JPEG; a senior agent may not change it', async () => {
    const previous = (await record()).logo!;
    expect(await post({ logo: image(JPEG, 'new logo.jpg', 'image/jpeg') })).toMatchObject({ ok: true, changedCount: 1 });
    const { logo } = await record();
    expect(logo).toMatchObject({ name: 'new logo.jpg' });
    expect(logo!.id).not.toBe(previous.id);
    expect(await brandLogo()).toBe(logo!.id);

    session.principal = await principalFor(database.db, 'senior@desertrose.test');
    const form = new FormData();
    form.set('logo', image(pngBytes(), 'not theirs.png'));
    expect(await updateCompanyAction(null, form)).toMatchObject({ ok: false, status: 403 });
    expect((await record()).logo).toEqual(logo);
  });

  it('shows the company logo on the guest’s mail, voucher page and quote, before the widget’s', async () => {
    const { db } = database;
    const companyLogo = (await record()).logo!.id;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const tourDate = addDays(dubaiToday(now), 14);
    const slot = await prepareSlot(db, offer.id, tourDate, { left: 20 });
    const { reference } = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, paymentMethod: 'balance' }), { locale: 'en', now });

    const sent = await sendVoucherToGuest(db, senior, { reference, email: 'logo.guest@example.test', locale: 'en' }, { mailer: new OutboxMailer() });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'logo.guest@example.test'));
    expect(mail!.htmlBody).toContain(`/api/catalog/images/${companyLogo}`);
    expect(mail!.htmlBody).not.toContain(widgetLogoId);
    const url = new URL(sent.link);
    const voucher = await loadGuestVoucher(db, url.pathname.split('/').at(-1)!, voucherPlaceOf(url.host));
    expect(voucher).toMatchObject({ view: { brand: { logoFileId: companyLogo } } });

    const quote = await createQuote(
      db,
      senior,
      quoteSchema.parse({ offerId: offer.id, date: tourDate, time: slot.startTime, adults: 1, guestName: 'Anna Petrova', guestPhone: '+971 50 123 4567', guestEmail: 'anna@example.test', locale: 'en', currency: 'AED', markupKind: 'percent', markupValue: 20 }),
    );
    expect(await loadGuestQuote(db, quote.token)).toMatchObject({ brand: { logoFileId: companyLogo } });
  });

  it('removes the logo: the brand falls back to the widget’s, and the removal is in the trail', async () => {
    const { logo } = await record();
    expect(await post({ removeLogo: 'on' })).toMatchObject({ ok: true, changedCount: 1 });
    expect((await record()).logo).toBeNull();
    expect(await brandLogo()).toBe(widgetLogoId);
    const [latest] = await database.db.select().from(auditLog).where(eq(auditLog.agencyId, DESERT_ROSE)).orderBy(auditLog.createdAt).limit(1).offset((await auditEntries()) - 1);
    expect(latest!.changes).toEqual({ logo: { from: logo!.name, to: null } });
    // Removing nothing changes nothing.
    expect(await post({ removeLogo: 'on' })).toMatchObject({ ok: true, changedCount: 0 });
  });
});

describe('a whole image', () => {
  it('re-encodes a PNG and a JPEG from their pixels, and refuses one cut short', async () => {
    for (const [bytes, kind] of [[pngBytes(), 'png'], [JPEG, 'jpg']] as const) {
      const copy = await reencodedImage(bytes, kind);
      expect(await sharp(copy!).metadata()).toMatchObject({ format: kind === 'png' ? 'png' : 'jpeg', width: kind === 'png' ? 2 : 3, height: kind === 'png' ? 1 : 2 });
    }
    // A PNG cut anywhere before its last chunk (IEND, 12 bytes, no pixels: the copy has it again).
    for (let length = 8; length < pngBytes().length - 12; length += 1) expect(await reencodedImage(pngBytes().slice(0, length), 'png')).toBeNull();
    for (let length = 3; length < JPEG.length; length += 1) expect(await reencodedImage(JPEG.slice(0, length), 'jpg')).toBeNull();
  });
});
