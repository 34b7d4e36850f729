import { expect, type Page, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { PORT, signInAs } from './support/portal';

// The tour page, grown into a product page: the gallery and its lightbox by keyboard, swipe and
// Esc; the video behind its click-to-load facade; the facts, the meeting point's map and the
// related tours; seats left and prices in the picker; the structured data. At a phone's, a
// tablet's and a desktop's width, in English and Russian, and on the other hosts.

const SAFARI = 'evening-desert-safari-bbq-dinner';
const WIDTHS = [
  { width: 430, height: 932 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
] as const;

const TEXTS = {
  en: {
    prefix: '',
    dialog: 'Photos of the tour',
    next: 'Next photo',
    position: (index: number, count: number) => `${index} of ${count}`,
    play: 'Watch the video',
    included: 'Included',
    meetingPoint: 'Meeting point',
    related: 'You may also like',
    check: 'Check availability',
    calendar: { available: 'available', nextMonth: 'Next month' },
    seatsLeft: /Tickets left: \d+/,
    from: /^from .*180/,
  },
  ru: {
    prefix: '/ru',
    dialog: 'Фотографии тура',
    next: 'Следующее фото',
    position: (index: number, count: number) => `${index} из ${count}`,
    play: 'Смотреть видео',
    included: 'Включено',
    meetingPoint: 'Место встречи',
    related: 'Вам также может понравиться',
    check: 'Проверить наличие',
    calendar: { available: 'есть места', nextMonth: 'Следующий месяц' },
    seatsLeft: /Осталось билетов: \d+/,
    from: /^от .*180/,
  },
} as const;

/** Every request the page makes, by URL, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The page's JSON-LD blocks, parsed. */
async function structuredData(page: Page): Promise<{ '@graph'?: Record<string, unknown>[] }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as { '@graph'?: Record<string, unknown>[] });
}

for (const locale of ['en', 'ru'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: the gallery opens, moves by keyboard and swipe, and Esc gives the focus back, at every width`, async ({ page }) => {
    const requests = recordRequests(page);
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${text.prefix}/tour/${SAFARI}`);
    const gallery = page.getByTestId('tour-gallery');
    const photos = gallery.locator('[data-gallery-index]');
    // The safari's four photos are all on the page: the hero and three thumbnails.
    const all = await photos.count();
    expect(all).toBeGreaterThanOrEqual(4);
    // The hero is the page's LCP image: preloaded and fetched first; the thumbnails wait.
    await expect(gallery.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
    await expect(gallery.locator('li img').first()).toHaveAttribute('loading', 'lazy');
    // The lightbox's code is not part of the page's first load: it comes with the first open.
    const scriptsBefore = requests.filter((url) => url.endsWith('.js')).length;

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const hero = photos.first();
      await hero.click();
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await expect(dialog).toBeVisible();
      const position = dialog.getByTestId('lightbox-position');
      await expect(position).toHaveText(text.position(1, all));
      await page.keyboard.press('ArrowRight');
      await expect(position).toHaveText(text.position(2, all));
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(position).toHaveText(text.position(all, all));
      await page.keyboard.press('Home');
      await expect(position).toHaveText(text.position(1, all));
      // Tab never leaves the dialog.
      for (let step = 0; step < 5; step += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      // A swipe to the left shows the next photo.
      // Over the photo's area (the figure), whether or not the big picture has loaded yet.
      const box = (await dialog.locator('figure').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 3, { steps: 4 });
      await page.mouse.up();
      await expect(position).toHaveText(text.position(2, all));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(hero).toBeFocused();

      // A thumbnail opens the lightbox at its own photo, from the keyboard too.
      const thumbnail = photos.nth(2);
      await thumbnail.focus();
      await page.keyboard.press('Enter');
      await expect(position).toHaveText(text.position(3, all));
      await page.keyboard.press('Escape');
      await expect(thumbnail).toBeFocused();
    }
    expect(requests.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(scriptsBefore);
  });

  test(`${locale}: the video loads nothing before the click, then plays in place; facts, map, related tours and JSON-LD show`, async ({ page }) => {
    const requests = recordRequests(page);
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${text.prefix}/tour/${SAFARI}`);
    const video = page.getByTestId('tour-video');
    await video.scrollIntoViewIfNeeded();
    await expect(video.getByRole('button', { name: text.play })).toBeVisible();
    // Before the click: no player, no video bytes, and nothing from another host at all.
    await expect(video.locator('video, iframe')).toHaveCount(0);
    expect(requests.filter((url) => url.includes('/videos/'))).toEqual([]);
    expect(requests.filter((url) => !/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url) && !url.startsWith('data:'))).toEqual([]);
    const boxBefore = await video.boundingBox();
    await video.getByRole('button', { name: text.play }).click();
    const player = video.locator('video');
    await expect(player).toHaveAttribute('src', '/videos/desert-safari.webm');
    await expect.poll(() => requests.some((url) => url.includes('/videos/desert-safari.webm'))).toBe(true);
    // The player takes the poster's box: nothing moves.
    expect(await video.boundingBox()).toEqual(boxBefore);

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('tour-facts').getByRole('heading', { name: text.included, exact: true })).toBeVisible();
      await expect(page.getByTestId('tour-inclusions').getByRole('listitem').first()).toBeVisible();
      await expect(page.getByTestId('tour-languages')).not.toBeEmpty();
      const meeting = page.getByTestId('meeting-point');
      await expect(meeting.getByRole('heading', { name: text.meetingPoint })).toBeVisible();
      await expect(meeting.getByTestId('static-map')).toBeVisible();
      await expect(meeting.getByTestId('maps-link')).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=24.973100%2C55.623600');
      const related = page.getByTestId('related-tours');
      await expect(related.getByRole('heading', { name: text.related })).toBeVisible();
      await expect(related.getByRole('article')).toHaveCount(4);
      await expect(related.locator(`a[href$="/tour/${SAFARI}"]`)).toHaveCount(0);
      // Nothing is wider than the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    const product = (await structuredData(page)).flatMap((block) => block['@graph'] ?? []).find((node) => node['@type'] === 'Product');
    expect(product).toMatchObject({ sku: SAFARI, offers: { '@type': 'AggregateOffer', priceCurrency: 'AED', lowPrice: '180.00', availability: 'https://schema.org/InStock' } });
    expect(product?.image).toEqual(expect.arrayContaining([expect.stringMatching(/^http.*\/images\/demo\/desert-sunset\.webp$/)]));
  });

  test(`${locale}: the picker shows each day's price and each time's seats left, at every width`, async ({ page }) => {
    // Signed in on the English page (the account menu's name is English there), then the locale's page.
    await signInAs(page, 'senior', `/tour/${SAFARI}`);
    if (text.prefix) await page.goto(`${text.prefix}/tour/${SAFARI}`);
    const picker = new BookingPicker(page.getByTestId('offer').first());
    await picker.open(text.check);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await expect(picker.root.getByTestId('day-price').first()).toHaveText('180');
    }
    // A day of next month: today's earliest times may already be past the cut-off (on request).
    await picker.root.getByRole('button', { name: text.calendar.nextMonth }).click();
    await expect(picker.root.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await picker.pickFirstOpenDay(text.calendar);
    await expect(picker.root.getByTestId('slot-seats-left').first()).toHaveText(text.seatsLeft);
    await expect(picker.root.getByTestId('slot-price').first()).toContainText(text.from);
    // A senior agent sees the NET price beside the retail one.
    await expect(picker.root.getByTestId('slot-price').first()).toContainText('NET');
  });
}

test('the partner host and the Russian domain show the same page, white-labelled, priced in their currency', async ({ page }) => {
  await page.goto(`http://partner.localhost:${PORT}/tour/${SAFARI}`);
  await expect(page.getByTestId('tour-gallery')).toBeVisible();
  const html = await page.content();
  expect(html.toLowerCase()).not.toContain('traveldesk-logo');
  await page.goto(`http://ru.localhost:${PORT}/ru/tour/${SAFARI}`);
  const product = (await structuredData(page)).flatMap((block) => block['@graph'] ?? []).find((node) => node['@type'] === 'Product');
  expect(product).toMatchObject({ offers: { priceCurrency: 'USD', lowPrice: (Math.round(18000 / 3.65) / 100).toFixed(2) } });
});

test('the page does not shift while it loads and hydrates (CLS 0 on a phone)', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(`/tour/${SAFARI}`, { waitUntil: 'networkidle' });
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBe(0);
});
