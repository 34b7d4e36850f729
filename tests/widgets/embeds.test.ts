import { eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { GET as getGuestDocument } from '@/app/api/widgets/guest-bookings/[token]/[kind]/route';
import EmbeddedCheckoutPage from '@/app/[locale]/[variant]/embedded/checkout/page';
import EmbeddedTicketPage from '@/app/[locale]/[variant]/embedded/page';
import { loadMessages } from '@/messages/areas';
import type { Principal } from '@/server/auth/principal';
import { agencies, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { formatAedAs } from '@/shared/money/money';
import { discountedPrice } from '@/shared/widgets/widget-pricing';
import { aedInput, emptyWidgetValues, type WidgetFormValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { embedChannelOf, loadEmbedWidgetFrom } from '@/server/widgets/embeds/embed-widget';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { guestBookingToken } from '@/server/widgets/guest-bookings/guest-link';
import type { WidgetChannel } from '@/server/widgets/guest-bookings/widget-sale';
import { createWidget, deleteWidget } from '@/server/widgets/manage-widgets';
import { findOffer, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookAndGoToPayment, guestCheckoutInput } from './guest-fixtures';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';

// An embed shows its widget's offers at the guest's prices only in a page on the
// widget's verified domain, and its guest's voucher only to that embed (or that site's host).
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'ru'; namespace: string }) =>
    createTranslator({ locale, messages: await loadMessages(locale), namespace, timeZone: 'Asia/Dubai' }),
}));

let database: TestDatabase;
let admin: Principal;
let otherAdmin: Principal;
let offer: Awaited<ReturnType<typeof findOffer>>;
const SITE = 'www.desertrose.test';
const DISCOUNT = 10;
/** Twice the offer's cost: above the 5% minimum after the discount. */
let saleAdult = 0;
let embedId = '';

async function widget(domain: string, overrides: Partial<WidgetFormValues> = {}, principal = admin, status: 'verified' | 'pending' = 'verified') {
  const input = widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    name: 'Dunes',
    type: 'embedded',
    domain,
    discountPercent: String(DISCOUNT),
    offers: [{ offerId: offer.id, saleAdult: aedInput(saleAdult), saleChild: offer.pricePerChild === null ? '' : aedInput(saleAdult), saleTrip: '' }],
    ...overrides,
  });
  const { id } = await createWidget(database.db, principal, input);
  await database.db.update(widgets).set({ domainStatus: status }).where(eq(widgets.id, id));
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date() });
  await seedAgencies(database.db);
  serveRoutesFrom(database);
  setUpPayments(database.db);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  otherAdmin = await principalFor(database.db, 'admin@gulfhorizons.test');
  offer = await findOffer(database.db, 'shared');
  saleAdult = 2 * offer.pricePerAdult!;
  embedId = await widget(SITE);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

/** Every key and every number of a JSON-like value, however deep. */
function keysAndNumbers(value: unknown): { keys: string[]; numbers: number[] } {
  if (typeof value === 'number') return { keys: [], numbers: [value] };
  if (typeof value !== 'object' || value === null) return { keys: [], numbers: [] };
  const entries = Array.isArray(value) ? value.map((inner) => ['', inner] as const) : Object.entries(value);
  return entries.reduce(
    (all, [key, inner]) => {
      const found = keysAndNumbers(inner);
      return { keys: [...all.keys, ...(key ? [key] : []), ...found.keys], numbers: [...all.numbers, ...found.numbers] };
    },
    { keys: [] as string[], numbers: [] as number[] },
  );
}

describe('the embedded widget of a channel', () => {
  it('is the widget framed on its verified domain, at the guest\'s prices and never the b2b cost', async () => {
    const embed = await loadEmbedWidgetFrom(database.db, { widgetId: embedId, site: SITE });
    expect(embed).toMatchObject({ id: embedId, domain: SITE, locale: 'en', currency: 'AED' });
    expect(embed!.offers).toHaveLength(1);
    expect(embed!.offers[0]).toMatchObject({ offerId: offer.id, prices: { adult: discountedPrice(saleAdult, DISCOUNT) } });
    const { keys, numbers } = keysAndNumbers(embed);
    expect(keys.filter((key) => /cost|net|b2b|pricePer|sale|discount/i.test(key))).toEqual([]);
    expect(numbers).not.toContain(offer.pricePerAdult);
    expect(numbers).not.toContain(saleAdult);
    // Host names are case-insensitive: the page's own host may come in upper case.
    expect((await loadEmbedWidgetFrom(database.db, { widgetId: embedId, site: 'WWW.DesertRose.test' }))?.id).toBe(embedId);
  });

  it('is refused on another site, for a site type, unverified, deleted, another agency\'s or a suspended agency\'s', async () => {
    const refused = async (widgetId: string, site: string) => expect(await loadEmbedWidgetFrom(database.db, { widgetId, site }), `${widgetId} on ${site}`).toBeNull();
    await refused(embedId, 'other.example.test');
    await refused(embedId, 'desertrose.test');
    await refused(embedId, `evil.${SITE}`);

    await refused(await widget('site.desertrose.test', { type: 'multi_tour' }), 'site.desertrose.test');
    await refused(await widget('pending.desertrose.test', {}, admin, 'pending'), 'pending.desertrose.test');
    const deleted = await widget('deleted.desertrose.test');
    await deleteWidget(database.db, admin, deleted);
    await refused(deleted, 'deleted.desertrose.test');

    // Another agency's widget never shows on this agency's domain, nor this one's on theirs.
    const theirs = await widget('www.gulfhorizons.test', {}, otherAdmin);
    expect((await loadEmbedWidgetFrom(database.db, { widgetId: theirs, site: 'www.gulfhorizons.test' }))?.id).toBe(theirs);
    await refused(theirs, SITE);
    await refused(embedId, 'www.gulfhorizons.test');

    await database.db.update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, otherAdmin.agencyId));
    try {
      await refused(theirs, 'www.gulfhorizons.test');
    } finally {
      await database.db.update(agencies).set({ status: 'active' }).where(eq(agencies.id, otherAdmin.agencyId));
    }

    // Malformed names are refused before querying.
    await refused('not-a-uuid', SITE);
    await refused(embedId, 'localhost');
  });

  it('is named by a page\'s query only with a widget id and a host name', () => {
    expect(embedChannelOf({ widget: embedId.toUpperCase(), site: 'WWW.desertrose.test' })).toEqual({ widgetId: embedId, site: SITE });
    for (const query of [{}, { widget: embedId }, { site: SITE }, { widget: 'x', site: SITE }, { widget: embedId, site: 'localhost' }, { widget: embedId, site: `${SITE}:8080` }, { widget: [embedId, embedId], site: SITE }]) {
      expect(embedChannelOf(query), JSON.stringify(query)).toBeNull();
    }
  });
});

const siteParams = (locale = 'en') => Promise.resolve({ locale, variant: 'main' });

describe('the embed pages', () => {
  it('list the offers at the guest\'s prices in the widget\'s currency, each booked in the frame', async () => {
    const roubles = await widget('rub.desertrose.test', { currency: 'RUB', locale: 'ru' });
    const html = renderToStaticMarkup(await EmbeddedTicketPage({ params: siteParams('ru'), searchParams: Promise.resolve({ widget: roubles, site: 'rub.desertrose.test' }) }));
    const embed = await loadEmbedWidgetFrom(database.db, { widgetId: roubles, site: 'rub.desertrose.test' });
    expect(html).toContain('Забронировать');
    expect(html).toContain(`${formatAedAs(discountedPrice(saleAdult, DISCOUNT), 'RUB', 'ru', embed!.rates!)} за взрослого`);
    expect(html).toContain(`href="/ru/embedded/checkout?widget=${roubles}&amp;site=rub.desertrose.test&amp;offer=${offer.id}"`);
    // Framed at the English path (no data-lang), it moves to the widget's language.
    await expect(EmbeddedTicketPage({ params: siteParams('en'), searchParams: Promise.resolve({ widget: roubles, site: 'rub.desertrose.test' }) })).rejects.toMatchObject({
      digest: expect.stringContaining(`;/ru/embedded?widget=${roubles}&site=rub.desertrose.test;`),
    });
  });

  it('answer not found for an embed the query cannot show, and for an offer it does not sell', async () => {
    const notFound = { digest: expect.stringContaining('404') };
    await expect(EmbeddedTicketPage({ params: siteParams(), searchParams: Promise.resolve({ widget: embedId, site: 'other.example.test' }) })).rejects.toMatchObject(notFound);
    await expect(EmbeddedTicketPage({ params: siteParams(), searchParams: Promise.resolve({ widget: embedId }) })).rejects.toMatchObject(notFound);
    const other = await findOffer(database.db, 'per_type');
    await expect(EmbeddedCheckoutPage({ params: siteParams(), searchParams: Promise.resolve({ widget: embedId, site: SITE, offer: other.id }) })).rejects.toMatchObject(notFound);
    await expect(EmbeddedCheckoutPage({ params: siteParams(), searchParams: Promise.resolve({ widget: embedId, site: 'other.example.test', offer: offer.id }) })).rejects.toMatchObject(notFound);
  });
});

/** A guest's booking through `channel`, paid with the sandbox card and settled by the payer's return (as the return page does). */
async function paidBooking(channel: WidgetChannel, origin = 'http://localhost:3000') {
  const input = await guestCheckoutInput(database.db, offer.id);
  const started = await bookAndGoToPayment(database.db, { channel, origin }, input);
  const paid = await payWithSandboxCard(database.db, started.chargeId, '4242424242424242');
  expect(await returnToWidgetSite(database.db, channel, started.paymentId)).toMatchObject({ bookingStatus: 'completed' });
  return { paymentId: started.paymentId, token: guestBookingToken(started.reference), returnUrl: paid.returnUrl };
}

describe('the guest document route', () => {
  const voucher = (token: string, host = 'localhost:3000', kind = 'voucher') =>
    getGuestDocument(apiRequest(`/api/widgets/guest-bookings/${token}/${kind}`, { headers: { host } }), segment({ token, kind }));

  it("answers an embed guest's voucher and tickets on the portal by the guest link's token, and 404 to any other token or host", async () => {
    const { paymentId, token, returnUrl } = await paidBooking({ widgetId: embedId, site: SITE });
    expect(returnUrl).toBe(`http://localhost:3000/embedded/booking/${paymentId}?widget=${embedId}&site=${SITE}`);

    const response = await voucher(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await voucher(token, 'localhost:3000', 'tickets')).status).toBe(200);

    // Another host, another document kind, a forged or altered token: not found.
    expect((await voucher(token, SITE)).status).toBe(404);
    expect((await voucher(token, 'localhost:3000', 'invoice')).status).toBe(404);
    const reference = token.slice(0, 10);
    expect((await voucher(`${reference}-${'0'.repeat(32)}`)).status).toBe(404);
    expect((await voucher(reference)).status).toBe(404);
    expect((await voucher(paymentId)).status).toBe(404);
  });

  it("answers a site's guest on the widget's own host, and no other host nor the portal", async () => {
    const host = 'tours.desertrose.test';
    await widget(host, { type: 'multi_tour' });
    const { token } = await paidBooking({ host }, `https://${host}`);
    expect((await voucher(token, `${host}:443`)).status).toBe(200);
    expect((await voucher(token, 'Tours.DesertRose.test')).status).toBe(200);
    expect((await voucher(token, 'other.example.test')).status).toBe(404);
    expect((await voucher(token, 'localhost:3000')).status).toBe(404);
  });
});
