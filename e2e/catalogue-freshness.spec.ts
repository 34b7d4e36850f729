import http from 'node:http';
import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/ops';
import { saveForm } from './support/ops-catalog';
import { PORT } from './support/portal';

// Prices are fresh: an offer's price and name changed once in the console are on the very first
// anonymous request after the save to every page that shows them (tour, city, country, search,
// the widget sites and the embed), on every host and in both languages; a page showing none of
// it is still served from the cache. One request per page: no polling, which would hide a page
// served stale once. The tour is the demo widget sites' first (server/db/seed/widgets.ts) and is
// changed by no other spec.

const TOUR = { slug: 'abu-dhabi-mangrove-kayak', title: 'Eastern Mangroves Kayak Tour', search: { en: 'Mangroves Kayak', ru: 'Восточных мангровых' } };
const OFFER = { en: 'Guided kayak tour', ru: 'Каякинг с гидом' };
const UNRELATED = { host: 'localhost', path: '/tour/ski-dubai-snow-park' };
const EMBED = '/embedded?widget=6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001&site=www.desertrose.test';

type Language = 'en' | 'ru';
type Currency = 'AED' | 'USD';

type Shown = {
  host: string;
  path: string;
  language: Language;
  /** The offer's retail price per adult or the tour's "from" price, in the host's display currency. */
  price?: Currency;
  /** The offer's name, in the page's language. */
  name?: boolean;
};

const PAGES: Shown[] = [
  { host: 'localhost', path: `/tour/${TOUR.slug}`, language: 'en', price: 'AED', name: true },
  { host: 'localhost', path: `/ru/tour/${TOUR.slug}`, language: 'ru', price: 'AED', name: true },
  { host: 'partner.localhost', path: `/tour/${TOUR.slug}`, language: 'en', price: 'AED', name: true },
  { host: 'ru.localhost', path: `/ru/tour/${TOUR.slug}`, language: 'ru', price: 'USD', name: true },
  { host: 'localhost', path: '/city/abu-dhabi', language: 'en', price: 'AED' },
  { host: 'ru.localhost', path: '/ru/city/abu-dhabi', language: 'ru', price: 'USD' },
  { host: 'localhost', path: '/uae', language: 'en', price: 'AED' },
  { host: 'partner.localhost', path: '/ru/uae', language: 'ru', price: 'AED' },
  { host: 'localhost', path: `/search?q=${encodeURIComponent(TOUR.search.en)}`, language: 'en', price: 'AED' },
  { host: 'ru.localhost', path: `/ru/search?q=${encodeURIComponent(TOUR.search.ru)}`, language: 'ru', price: 'USD' },
  // The widget sites sell at the agency's own prices: the console's change they show is the name.
  { host: 'tours.desertrose.test', path: '/', language: 'en', name: true },
  { host: 'ru.desertrose.test', path: '/', language: 'ru', name: true },
  { host: 'localhost', path: EMBED, language: 'en', name: true },
];

type Served = { status: number; cache: string | undefined; text: string };

/** A GET as an anonymous visitor on `host` (the portal's hosts and the widgets' domains all reach this server). */
function getOn(host: string, path: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: PORT, path, headers: { host: `${host}:${PORT}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const cache = response.headers['x-nextjs-cache'];
        resolve({ status: response.statusCode ?? 0, cache: typeof cache === 'string' ? cache : undefined, text: spaced(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.on('error', reject);
  });
}

/** Prices are formatted with no-break spaces (and narrow ones between thousands): as plain spaces. */
function spaced(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** As the portal formats an AED price (shared/money/money.ts): dollars at the fixed 3.65. */
function money(fils: number, currency: Currency, language: Language): string {
  const minor = currency === 'USD' ? Math.round(fils / 3.65) : fils;
  const format = new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-AE', { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return spaced(format.format(minor / 100));
}

test('a price and name changed in the console are on the first request to every page showing them, on every host and language; an unrelated page stays cached', async ({ page }) => {
  test.slow();
  // Below the tour's other prices (its "from" price on the lists) and above the agent price (AED 115).
  const fils = 11_600 + Math.floor(Math.random() * 3_300);
  const suffix = Date.now().toString(36).slice(-5);
  const name = { en: `${OFFER.en} ${suffix}`, ru: `${OFFER.ru} ${suffix}` };

  // Every page rendered and cached before the change, showing what it showed until now.
  for (const shown of PAGES) {
    const warm = await getOn(shown.host, shown.path);
    expect(warm.status, `${shown.host}${shown.path}`).toBe(200);
    if (shown.name) expect(warm.text.includes(OFFER[shown.language]), `${shown.host}${shown.path} shows "${OFFER[shown.language]}"`).toBe(true);
  }
  await getOn(UNRELATED.host, UNRELATED.path);
  expect((await getOn(UNRELATED.host, UNRELATED.path)).cache).toBe('HIT');

  await signInAsStaff(page);
  await page.goto(`/ops/catalog?q=${TOUR.slug}`);
  await page.getByRole('link', { name: TOUR.title }).first().click();
  const offer = page.getByRole('region', { name: `Offer: ${OFFER.en}` });
  await offer.getByLabel('Name (English)').fill(name.en);
  await offer.getByLabel('Name (Russian)').fill(name.ru);
  await offer.getByLabel('Retail price per adult').fill((fils / 100).toFixed(2));
  await saveForm(page, offer, 'Save');

  for (const shown of PAGES) {
    const first = await getOn(shown.host, shown.path);
    const where = `${shown.host}${shown.path}, first request after the change`;
    expect(first.status, where).toBe(200);
    // Asserted as a flag: the whole page in a failure's message would bury the page's name.
    const expected = [...(shown.price ? [money(fils, shown.price, shown.language)] : []), ...(shown.name ? [name[shown.language]] : [])];
    for (const text of expected) expect(first.text.includes(text), `${where} shows "${text}"`).toBe(true);
  }
  const unrelated = await getOn(UNRELATED.host, UNRELATED.path);
  expect(unrelated.cache, 'a tour page showing nothing of the change').toBe('HIT');
});
