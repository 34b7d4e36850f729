import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSlots } from './support/booking-lists';
import { BookingPicker } from './support/booking';
import { agentSessionAlive, DEMO_PASSWORD, demoEmail, type DemoRole, openWithSavedSession, PORT } from './support/portal';

// Layout rules once broken, at a phone's and a desktop's width, in both languages and on
// the three hosts where the defect depends on them. Geometry is measured, not eyeballed.

const HOSTS = {
  main: { origin: `http://localhost:${PORT}`, prefix: '' },
  mainRu: { origin: `http://localhost:${PORT}`, prefix: '/ru' },
  partner: { origin: `http://partner.localhost:${PORT}`, prefix: '' },
  russian: { origin: `http://ru.localhost:${PORT}`, prefix: '/ru' },
} as const;
type HostName = keyof typeof HOSTS;
const url = (host: HostName, path: string) => `${HOSTS[host].origin}${HOSTS[host].prefix}${path === '/' && HOSTS[host].prefix ? '' : path}`;

const PHONE = { width: 430, height: 932 };
const DESKTOP = { width: 1280, height: 900 };
const WIDTHS = [PHONE, DESKTOP] as const;

/**
 * Signs in on `host` (each host keeps its own session cookie), in whatever language its form is,
 * and lands on `path`: with this worker's saved session for that agent and host when it has one.
 */
async function signIn(page: Page, host: HostName, role: DemoRole, path: string, agency: 'desertrose' | 'gulfhorizons' = 'desertrose') {
  await openWithSavedSession(
    page,
    `${demoEmail(role, agency)} on ${url(host, '/')}`,
    url(host, path),
    async () => {
      await page.goto(url(host, `/sign-in?callbackUrl=${encodeURIComponent(`${HOSTS[host].prefix}${path}`)}`));
      await page.locator('input[name="email"]').fill(demoEmail(role, agency));
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
    },
    (target) => target.pathname.endsWith('/sign-in'),
    () => agentSessionAlive(page),
  );
  // The first sign-in of a run meets a cold server (argon2, first render of the page).
  await expect(page).toHaveURL((target) => target.pathname === `${HOSTS[host].prefix}${path.split('?')[0]}`, { timeout: 30_000 });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found!;
}

test.describe('§15 tour cards keep the duration apart from the price', () => {
  for (const host of ['main', 'mainRu', 'partner', 'russian'] as const) {
    for (const viewport of WIDTHS) {
      test(`${host} at ${viewport.width}px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(host, '/'));
        const cards = page.getByTestId('tour-card-meta');
        await expect(cards.first()).toBeVisible();
        for (const meta of await cards.all()) {
          // Read as text (screen readers, copying): a separator between the two, never "4 hoursfrom".
          const text = (await meta.textContent()) ?? '';
          expect(text).not.toMatch(/[^\s,](from|от)\s/);
          expect(text).toMatch(/, (from|от) /);
          // Seen: the two never touch on one line.
          const duration = await box(meta.getByTestId('tour-card-duration'));
          const price = await box(meta.getByTestId('tour-card-price'));
          if (Math.abs(duration.y + duration.height - (price.y + price.height)) < 4) {
            expect(price.x - (duration.x + duration.width)).toBeGreaterThanOrEqual(8);
          } else {
            expect(overlaps(duration, price)).toBe(false);
          }
        }
      });
    }
  }
});

/** Scrolls `target` down to the phone's bottom edge (where the button floats) and checks the button leaves it readable. */
async function expectClearOfWhatsApp(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - (window.innerHeight - 28)));
  const button = page.getByTestId('whatsapp-button');
  await expect
    .poll(async () => {
      const [priceBox, buttonBox] = [await box(target), await box(button)];
      const opacity = Number(await button.evaluate((element) => getComputedStyle(element).opacity));
      return opacity > 0.05 && overlaps(priceBox, buttonBox);
    })
    .toBe(false);
}

test.describe('§16 the WhatsApp button never covers a price on a phone', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(PHONE));

  test('search results', async ({ page }) => {
    await page.goto(url('main', '/search'));
    const price = page.getByTestId('tour-card-price').locator('[data-price-aed]');
    await expect(price.first()).toBeVisible();
    await expectClearOfWhatsApp(page, price.nth(1));
  });

  test('the picker total on the tour page, in Russian', async ({ page }) => {
    await signIn(page, 'mainRu', 'senior', '/tour/burj-khalifa-at-the-top');
    const picker = new BookingPicker(page.getByTestId('offer').first());
    await picker.open('Проверить наличие');
    await picker.pickFirstOpenDay({ available: 'есть места', nextMonth: 'Следующий месяц' });
    await expectClearOfWhatsApp(page, page.getByTestId('booking-total').locator('[data-price-aed]').first());
  });

  test('the checkout totals, and the last line of the page', async ({ page }) => {
    await signIn(page, 'main', 'senior', '/');
    const [slot] = await openSlots(page, 'burj-khalifa-at-the-top', 1);
    await page.goto(url('main', `/checkout?offer=${slot!.offerId}&date=${slot!.date}&time=${slot!.time}&adults=1`));
    await expectClearOfWhatsApp(page, page.getByTestId('net-total').locator('[data-price-aed]').first());
    // Nor a field: the guest's e-mail at the bottom of the screen.
    await expectClearOfWhatsApp(page, page.locator('#guestEmail'));
    // The button sits in a landmark of its own.
    await expect(page.getByRole('complementary', { name: 'Chat on WhatsApp' }).getByTestId('whatsapp-button')).toHaveCount(1);

    // The pay bar stays at the screen's bottom while the form scrolls, the total beside the
    // button, and a provider method's button names what it charges.
    await page.locator('#guestName').scrollIntoViewIfNeeded();
    const bar = page.getByTestId('checkout-pay-bar');
    const barBox = await box(bar);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1);
    expect(barBox.y).toBeGreaterThan(PHONE.height - 140);
    await expect(bar.getByTestId('pay-bar-total')).toBeVisible();
    await page.locator('#paymentMethod-card').check();
    const charged = (await page.getByTestId('charge-total').locator('dd').innerText()).trim();
    await expect(bar.getByTestId('pay-bar-total')).toContainText(charged);
    await expect(bar.getByRole('button')).toHaveText(`Pay ${charged}`);
    expect(overlaps(await box(bar.getByRole('button')), await box(page.getByTestId('whatsapp-button')))).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The line's text, not its box (which is padded down to make the room).
    const rights = await page.getByTestId('footer-rights').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
    expect(overlaps(rights, await box(page.getByTestId('whatsapp-button')))).toBe(false);
  });
});

test.describe('§17 booking list filters fold away on a phone', () => {
  for (const host of ['main', 'russian'] as const) {
    test(`${host}: collapsed, opened from the keyboard, active filters as removable chips`, async ({ page }) => {
      const filtersName = host === 'main' ? 'Filters' : 'Фильтры';
      await page.setViewportSize(PHONE);
      await signIn(page, host, 'senior', '/bookings?status=completed&guest=Olga');
      const form = page.getByRole('form', { name: filtersName });
      const toggle = page.getByRole('button', { name: new RegExp(`^${filtersName}`) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(form).toBeHidden();
      // Folded, the filters take a button and a line of chips, not a screen and a half.
      expect((await box(page.getByTestId('filter-bar'))).height).toBeLessThan(160);

      const chips = page.getByTestId('filter-chips').getByRole('link');
      await expect(chips).toHaveCount(2);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(form).toBeVisible();
      await page.keyboard.press('Space');
      await expect(form).toBeHidden();

      await chips.filter({ hasText: host === 'main' ? 'Status' : 'Статус' }).click();
      await expect(page).toHaveURL((target) => !target.searchParams.has('status') && target.searchParams.get('guest') === 'Olga');
      await expect(chips).toHaveCount(1);
      // The form, opened again, shows the filters that are left.
      await toggle.click();
      await expect(page.locator('#filter-status')).toHaveValue('');
      await expect(page.locator('#filter-guest')).toHaveValue('Olga');
    });
  }

  test('on a desktop the form is open and there is no toggle', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'main', 'senior', '/bookings?status=completed');
    await expect(page.getByRole('form', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(page.getByTestId('filter-chips')).toBeHidden();
  });
});

test.describe('§18 lists line up with the header and footer at 1280px', () => {
  for (const host of ['main', 'partner'] as const) {
    test(host, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, host, 'senior', '/my-bookings');
      for (const path of ['/my-bookings', '/bookings', '/requests', '/my-commissions']) {
        await page.goto(url(host, path));
        const header = await box(page.locator('header > div').first());
        const footer = await box(page.locator('footer > div').first());
        const list = await box(page.getByTestId('list-page'));
        expect(Math.abs(list.x - header.x), path).toBeLessThanOrEqual(1);
        expect(Math.abs(list.x + list.width - (header.x + header.width)), path).toBeLessThanOrEqual(1);
        expect(Math.abs(footer.x - header.x), path).toBeLessThanOrEqual(1);
      }
    });
  }
});

test.describe('§19 the partner host', () => {
  test('its logo shows the whole name', async ({ page }) => {
    await page.goto(`${HOSTS.partner.origin}/brand/partner-logo.svg`);
    const fits = await page.evaluate(() => {
      const svg = document.querySelector('svg')!;
      const text = svg.querySelector('text')!;
      const bbox = text.getBBox();
      return { end: bbox.x + bbox.width, width: svg.viewBox.baseVal.width };
    });
    expect(fits.end).toBeLessThanOrEqual(fits.width);

    await page.setViewportSize(DESKTOP);
    await page.goto(url('partner', '/'));
    // Drawn at its own proportions, so nothing is cut at the edge of the image either.
    const logo = page.locator('header img[src*="partner-logo"]');
    const drawn = await logo.evaluate((image: HTMLImageElement) => ({ ratio: image.clientWidth / image.clientHeight, natural: image.naturalWidth / image.naturalHeight }));
    expect(Math.abs(drawn.ratio - drawn.natural)).toBeLessThan(0.05);
  });

  for (const host of ['partner', 'main'] as const) {
    for (const viewport of WIDTHS) {
      test(`${host} home at ${viewport.width}px: featured tours and copy that fits the host`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(url(host, '/'));
        await expect(page.getByTestId('promo').getByRole('article').first()).toBeVisible();
        const hero = page.locator('main section').first();
        if (host === 'partner') {
          await expect(page.getByRole('search')).toHaveCount(0);
          await expect(hero).not.toContainText(/search/i);
        } else {
          await expect(hero).toContainText('Search the catalogue');
        }
      });
    }
  }

  test('partner home in Russian', async ({ page }) => {
    await page.goto(`${HOSTS.partner.origin}/ru`);
    await expect(page.getByTestId('promo').getByRole('article').first()).toBeVisible();
    await expect(page.locator('main section').first()).not.toContainText(/Ищите/);
  });
});

test.describe('§20 the rights line has one full stop after the legal name', () => {
  for (const host of ['main', 'mainRu', 'partner', 'russian'] as const) {
    test(host, async ({ page }) => {
      await page.goto(url(host, '/terms-of-use'));
      const rights = page.getByTestId('footer-rights');
      await expect(rights).toContainText(/L\.L\.C\. (All rights reserved\.|Все права защищены\.)$/);
      expect(await page.locator('footer').textContent()).not.toContain('..');
    });
  }
});

test.describe('§21 a booking that does not exist', () => {
  for (const { host, texts } of [
    { host: 'main' as const, texts: { title: 'Booking not found', back: 'My bookings', search: 'Find booking', label: 'Booking reference' } },
    { host: 'russian' as const, texts: { title: 'Бронирование не найдено', back: 'Мои бронирования', search: 'Найти бронирование', label: 'Номер бронирования' } },
  ]) {
    for (const viewport of WIDTHS) {
      test(`${host} at ${viewport.width}px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await signIn(page, host, 'junior', '/my-bookings');
        for (const reference of ['TD-ZZZZZZZ', 'NOPE123']) {
          const response = await page.goto(url(host, `/my-bookings/${reference}`));
          expect(response?.status()).toBe(404);
          await expect(page).toHaveTitle(new RegExp(`^${texts.title}`));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
          await expect(page.getByRole('link', { name: texts.back })).toBeVisible();
        }
        await page.getByLabel(texts.label).fill('TD-ABCDEFG');
        // The page's own search: the header's booking search (an agent's, once the session is
        // known) has the same name in Russian and is a button below 1280 px.
        await page.getByRole('main').getByRole('button', { name: texts.search }).click();
        await expect(page).toHaveURL((target) => target.pathname === `${HOSTS[host].prefix}/my-bookings` && target.searchParams.get('reference') === 'TD-ABCDEFG');
        await page.goBack();
        await page.getByRole('link', { name: texts.back }).click();
        await expect(page).toHaveURL((target) => target.pathname === `${HOSTS[host].prefix}/my-bookings` && target.search === '');
      });
    }
  }
});

test.describe('§22 forms and notices', () => {
  test('(a) the deposit form keeps its fields in line when an error shows', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'main', 'senior', '/top-up');
    // The deposit notice form (the card top-up above it has an amount field too).
    await page.locator('#amount').fill('');
    await page.locator('#bankReference').fill('');
    await page.locator('#amount').press('Enter');
    await expect(page.locator('#amount-error')).toBeVisible();
    const amount = await box(page.locator('#amount'));
    const date = await box(page.locator('#transferDate'));
    expect(Math.abs(amount.y - date.y)).toBeLessThanOrEqual(1);
  });

  test('(b) the agents page shows one notice at a time, and it can be dismissed', async ({ page }) => {
    test.slow();
    await signIn(page, 'main', 'admin', '/agents', 'gulfhorizons');
    const name = `Layla ${[...Date.now().toString(36)].map((char) => String.fromCharCode(97 + (parseInt(char, 36) % 26))).join('')}`;
    await page.locator('summary', { hasText: 'New agent' }).click();
    const form = page.getByRole('group', { name: 'New agent' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill(`${name.replace(' ', '.').toLowerCase()}@gulfhorizons.test`);
    await form.getByRole('button', { name: 'Create and send invitation' }).click();
    const notices = page.locator('main [role="status"]').filter({ hasText: /\S/ });
    await expect(notices).toHaveCount(1);
    await expect(notices).toContainText(`${name} was added.`);

    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Resend invitation' }).click();
    // The card's notice replaces the panel's: still one.
    await expect(card.getByRole('status')).not.toBeEmpty();
    await expect(notices).toHaveCount(1);
    await card.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(notices).toHaveCount(0);
  });

  for (const { host, texts } of [
    { host: 'main' as const, texts: { error: 'The end date is before the start date', none: 'No bookings' } },
    { host: 'russian' as const, texts: { error: 'Дата окончания раньше даты начала', none: 'Нет бронирований' } },
  ]) {
    for (const viewport of WIDTHS) {
      test(`(c) ${host} at ${viewport.width}px: an inverted date range is pointed at, not "no bookings"`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await signIn(page, host, 'senior', '/my-bookings?travelFrom=2026-12-20&travelTo=2026-12-01');
        await expect(page.getByTestId('filter-travel-error')).toHaveText(new RegExp(texts.error));
        await expect(page.getByTestId('filter-travel-error')).toBeVisible();
        await expect(page.locator('input[name="travelTo"]')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByTestId('inverted-range')).toBeVisible();
        await expect(page.getByText(texts.none)).toHaveCount(0);
      });
    }
  }

  test('(c) commissions: an inverted travel range is pointed at', async ({ page }) => {
    await signIn(page, 'main', 'senior', '/my-commissions?travelFrom=2026-12-20&travelTo=2026-12-01');
    await expect(page.getByTestId('filter-travel-error')).toBeVisible();
    await expect(page.getByTestId('inverted-range')).toBeVisible();
  });

  for (const host of ['main', 'russian'] as const) {
    test(`(d) ${host}: an expired trade licence is warned about as it is typed and refused at its field`, async ({ page }) => {
      const texts =
        host === 'main'
          ? { warning: 'This trade licence has expired', refused: 'This date has passed.' }
          : { warning: 'Срок действия торговой лицензии истёк', refused: 'Эта дата уже прошла.' };
      await signIn(page, host, 'admin', '/my-agencies', 'gulfhorizons');
      const expiry = page.locator('input[name="tradeLicenceExpiry"]');
      const warning = page.getByTestId('licence-expired-warning');
      const saved = await expiry.inputValue();
      await expiry.fill('2030-01-31');
      await expect(warning).toBeEmpty();
      await expiry.fill('2024-01-31');
      await expect(warning).toContainText(texts.warning);
      // The company form's own button: the page has other forms (API keys).
      await page.locator('form', { has: expiry }).locator('button[type="submit"]').click();
      await expect(page.locator('#tradeLicenceExpiry-error')).toContainText(texts.refused);
      await expect(expiry).toHaveValue('2024-01-31');
      await page.reload();
      await expect(expiry).toHaveValue(saved);
    });
  }
});
