import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { PDFParse } from 'pdf-parse';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { GET as getGuestDocument } from '@/app/api/widgets/guest-bookings/[token]/[kind]/route';
import EmbeddedPaymentReturnPage from '@/app/[locale]/[variant]/embedded/booking/[paymentId]/page';
import EmbeddedGuestBookingPage from '@/app/[locale]/[variant]/embedded/my-booking/[token]/page';
import WidgetGuestBookingPage from '@/app/widget-site/[host]/[visitorLocale]/my-booking/[token]/page';
import { loadMessages } from '@/messages/areas';
import type { Principal } from '@/server/auth/principal';
import { mailOutbox, sandboxCharges, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { renderBookingDocument } from '@/server/documents/document-downloads';
import { type FileStorage, LocalDiskStorage } from '@/server/files/storage';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { aedInput, emptyWidgetValues, type WidgetFormValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { GuestBookingResult } from '@/components/guest-bookings/guest-booking-result';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { guestBookingToken } from '@/server/widgets/guest-bookings/guest-link';
import type { WidgetChannel } from '@/server/widgets/guest-bookings/widget-sale';
import { createWidget } from '@/server/widgets/manage-widgets';
import { uploadWidgetMedia } from '@/server/widgets/widget-media';
import { findOffer, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookAndGoToPayment, guestCheckoutInput } from './guest-fixtures';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';

// The white label holds: a guest of an agency's widget site or embed gets the confirmation mail,
// the hosted payment page, the booking's page and its documents in the agency's brand and the
// widget's language, with the agency's reservation contacts, never the operator's name, the
// agent who owns the widget, or an internal payment or charge id; the mail's link opens a page
// that exists, authorised by the guest link's token.
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), unstable_cache: <T>(loader: T) => loader }));
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'ru'; namespace: string }) =>
    createTranslator({ locale, messages: await loadMessages(locale), namespace, timeZone: 'Asia/Dubai' }),
}));

/** A 1×1 PNG: the agency's logo, which the documents embed. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const HOST = 'tours.rose-ru.test';
const EMBED_SITE = 'www.desertrose.test';
const RESERVATIONS = { name: 'Анна Смирнова', phone: '+971 55 000 1122', email: 'reservations@desertrose.test' };

let database: TestDatabase;
let storageRoot: string;
let admin: Principal;
let offer: Awaited<ReturnType<typeof findOffer>>;
let siteWidgetId = '';
let embedWidgetId = '';

async function widget(values: Partial<WidgetFormValues>) {
  const input = widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    offers: [{ offerId: offer.id, saleAdult: aedInput(2 * offer.pricePerAdult!), saleChild: offer.pricePerChild === null ? '' : aedInput(2 * offer.pricePerAdult!), saleTrip: '' }],
    ...values,
  });
  const { id } = await createWidget(database.db, admin, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  serveRoutesFrom(database);
  await seedCatalogue(database.db, { today: new Date() });
  await seedAgencies(database.db);
  setUpPayments(database.db);
  storageRoot = await mkdtemp(path.join(tmpdir(), 'guest-white-label-'));
  (globalThis as { traveldeskStorage?: FileStorage }).traveldeskStorage = new LocalDiskStorage(storageRoot);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  offer = await findOffer(database.db, 'shared');
  siteWidgetId = await widget({
    name: 'Пустыня',
    type: 'multi_tour',
    locale: 'ru',
    domain: HOST,
    contacts: { ...emptyWidgetValues('ru').contacts, company: 'Роза пустыни', address: 'Дубай, Шейх Зайед 1', phone: '+971 4 555 0000' },
    reservationContacts: RESERVATIONS,
  });
  await uploadWidgetMedia(database.db, admin, siteWidgetId, 'logo', new File([LOGO], 'logo.png', { type: 'image/png' }));
  embedWidgetId = await widget({
    name: 'Dunes embed',
    type: 'embedded',
    domain: EMBED_SITE,
    contacts: { ...emptyWidgetValues('en').contacts, company: 'Desert Rose Travel', email: 'hello@desertrose.test' },
  });
  // A PNG by its signature that the PDF library cannot read: the documents print the name alone.
  const unreadable = Buffer.concat([LOGO.subarray(0, 8), Buffer.from([0, 0, 0, 13, 1, 2, 3])]);
  await uploadWidgetMedia(database.db, admin, embedWidgetId, 'logo', new File([unreadable], 'logo.png', { type: 'image/png' }));
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
  await rm(storageRoot, { recursive: true, force: true });
});

/** A guest's booking through `channel`, paid on the sandbox's hosted page and settled by the payer's return. */
async function paidBooking(channel: WidgetChannel, origin: string) {
  const started = await bookAndGoToPayment(database.db, { channel, origin }, await guestCheckoutInput(database.db, offer.id));
  const { chargeId } = started;
  await payWithSandboxCard(database.db, chargeId, '4242424242424242');
  expect(await returnToWidgetSite(database.db, channel, started.paymentId)).toMatchObject({ bookingStatus: 'completed' });
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'widgetBooking.guest'), eq(mailOutbox.recipient, 'maria@example.test')))
    .then((rows) => rows.filter((row) => row.subject.includes(started.reference)));
  return { ...started, mail: mail!, token: guestBookingToken(started.reference) };
}

async function pdfText(response: Response): Promise<{ text: string; images: number }> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0, imageBuffer: false, imageDataUrl: false });
    return { text: text.text, images: images.pages[0]?.images.length ?? 0 };
  } finally {
    await parser.destroy();
  }
}

const guestDocument = (token: string, kind: string, host: string) =>
  getGuestDocument(apiRequest(`/api/widgets/guest-bookings/${token}/${kind}`, { headers: { host } }), segment({ token, kind }));

/** A server page's HTML, its async server components awaited as the server renders them. */
async function renderHtml(page: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(page);
  await stream.allReady;
  return new Response(stream).text();
}

/** Nothing of ours, of the agent behind the widget, or of the payment's ids. */
function expectNoLeak(text: string, leaks: { paymentId: string; chargeId: string }) {
  expect(text).not.toMatch(/traveldesk/i);
  expect(text).not.toContain(admin.name);
  expect(text).not.toContain(leaks.paymentId);
  expect(text).not.toContain(leaks.chargeId);
  expect(text).not.toMatch(/sbx_/);
}

describe("a widget site's guest", () => {
  it('pays on a hosted page in the widget\'s language, and is mailed in it, in the agency\'s name, a link to a page that shows the booking', async () => {
    const booking = await paidBooking({ host: HOST }, `https://${HOST}`);
    expect(booking.paymentUrl).toBe(`https://${HOST}/ru/pay/sandbox/${booking.chargeId}`);
    const [charge] = await database.db.select({ description: sandboxCharges.description }).from(sandboxCharges).where(eq(sandboxCharges.id, booking.chargeId));
    expect(charge?.description).toBe(`Бронирование ${booking.reference}`);

    expect(booking.mail.subject).toBe(`Бронирование ${booking.reference} подтверждено`);
    const link = `https://${HOST}/my-booking/${booking.token}`;
    expect(booking.mail.textBody).toContain(link);
    expect(booking.mail.textBody).toContain('Роза пустыни');
    expect(booking.mail.textBody).toContain(`Вопросы по бронированию: ${RESERVATIONS.name}, ${RESERVATIONS.phone}, ${RESERVATIONS.email}`);
    expectNoLeak(booking.mail.textBody, booking);

    // The link's page: the site's own, with the booking, its documents and whom to ask.
    const html = await renderHtml(await WidgetGuestBookingPage({ params: Promise.resolve({ host: HOST, visitorLocale: 'en', token: booking.token }) }));
    expect(html).toContain(`Ваше бронирование ${booking.reference}`);
    expect(html).toContain('data-status="completed"');
    expect(html).toContain(`href="/api/widgets/guest-bookings/${booking.token}/voucher"`);
    expect(html).toContain(`href="/api/widgets/guest-bookings/${booking.token}/tickets"`);
    expect(html).toContain(RESERVATIONS.phone);
    expectNoLeak(html, booking);
    // Only on the widget's own site, and only with the token the mail gave.
    await expect(WidgetGuestBookingPage({ params: Promise.resolve({ host: HOST, visitorLocale: 'en', token: `${booking.reference}-${'a'.repeat(32)}` }) })).rejects.toMatchObject({
      digest: expect.stringContaining('404'),
    });
  });

  it("downloads the voucher and tickets in the agency's brand and the widget's language; the agent's own copy stays the operator's", async () => {
    const booking = await paidBooking({ host: HOST }, `https://${HOST}`);
    const voucher = await pdfText(await guestDocument(booking.token, 'voucher', HOST));
    expect(voucher.text).toContain('Ваучер');
    expect(voucher.text).toContain('Роза пустыни');
    expect(voucher.text).toContain('Дубай, Шейх Зайед 1');
    expect(voucher.text).toContain(RESERVATIONS.phone);
    expect(voucher.images).toBeGreaterThanOrEqual(1);
    expectNoLeak(voucher.text, booking);

    const tickets = await pdfText(await guestDocument(booking.token, 'tickets', HOST));
    expect(tickets.text).toContain('Билет');
    expect(tickets.text).toContain('Роза пустыни');
    expectNoLeak(tickets.text, booking);

    // The agency's invoice from the operator is not the guest's to download.
    expect((await guestDocument(booking.token, 'invoice', HOST)).status).toBe(404);

    const agentCopy = await renderBookingDocument(database.db, admin, booking.reference, 'voucher');
    const parser = new PDFParse({ data: new Uint8Array(agentCopy.pdf) });
    const agentText = (await parser.getText()).text;
    await parser.destroy();
    expect(agentText).toContain('Traveldesk');
    expect(agentText).toContain(admin.name);
  });
});

describe("a widget guest whose payment fails", () => {
  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000000069', 'expiredCard'],
  ])('with card %s is told why (%s) in the widget\'s language, with advice that fits', async (card, reason) => {
    const started = await bookAndGoToPayment(database.db, { channel: { host: HOST }, origin: `https://${HOST}` }, await guestCheckoutInput(database.db, offer.id));
    await payWithSandboxCard(database.db, started.chargeId, card);
    const booking = await returnToWidgetSite(database.db, { host: HOST }, started.paymentId);
    expect(booking).toMatchObject({ paymentStatus: 'failed', failureReason: reason });

    const messages = (await loadMessages('ru')) as { payments: { result: { failed: string; reason: Record<string, string>; advice: Record<string, string> } } };
    const html = await renderHtml(await GuestBookingResult({ booking: booking!, locale: 'ru' }));
    expect(html).toContain('data-status="failed"');
    expect(html).toContain(`data-reason="${reason}"`);
    expect(html).toContain(messages.payments.result.failed);
    expect(html).toContain(messages.payments.result.reason[reason]);
    expect(html).toContain(messages.payments.result.advice[reason]);
  });
});

describe("an embed's guest", () => {
  it("is mailed a link to the portal's page of the booking, which exists and shows it in the agency's brand", async () => {
    const booking = await paidBooking({ widgetId: embedWidgetId, site: EMBED_SITE }, 'http://localhost:3000');
    const link = `http://localhost:${process.env.PORT ?? '3000'}/embedded/my-booking/${booking.token}`;
    expect(booking.mail.textBody).toContain(link);
    // Never the agency's own page, which cannot serve it.
    expect(booking.mail.textBody).not.toContain(EMBED_SITE);
    expect(booking.mail.textBody).toContain('Desert Rose Travel');
    expect(booking.mail.textBody).toContain('Questions about your booking: hello@desertrose.test');
    expectNoLeak(booking.mail.textBody, booking);

    const html = await renderHtml(await EmbeddedGuestBookingPage({ params: Promise.resolve({ locale: 'en', variant: 'main', token: booking.token }) }));
    expect(html).toContain(`Your booking ${booking.reference}`);
    expect(html).toContain('Desert Rose Travel');
    expect(html).toContain(`href="/api/widgets/guest-bookings/${booking.token}/voucher"`);
    expectNoLeak(html, booking);

    // The page the payment returned to says whose booking it is too, with the same documents.
    const returned = await renderHtml(
      await EmbeddedPaymentReturnPage({
        params: Promise.resolve({ locale: 'en', variant: 'main', paymentId: booking.paymentId }),
        searchParams: Promise.resolve({ widget: embedWidgetId, site: EMBED_SITE }),
      }),
    );
    expect(returned).toContain('data-testid="guest-brand"');
    expect(returned).toContain('Desert Rose Travel');
    expect(returned).toContain(`href="/api/widgets/guest-bookings/${booking.token}/voucher"`);
    expect(returned).not.toMatch(/traveldesk/i);

    const voucher = await pdfText(await guestDocument(booking.token, 'voucher', 'localhost:3000'));
    expect(voucher.text).toContain('Desert Rose Travel');
    expect(voucher.images).toBe(0);
    expectNoLeak(voucher.text, booking);
  });
});
