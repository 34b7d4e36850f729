import { expect, type Page, test } from '@playwright/test';
import { PORT, SignInPage } from './support/portal';
import { addWidgetOffers } from './support/widgets';

// The widget pages at the portal's breakpoints (430, 768 and 960 px) and in both languages: the
// demo widget sites (English in dirhams on tours.desertrose.test, Russian in dollars on
// ru.desertrose.test) with their guest checkout, the embed's tickets and checkout, the
// widget-not-found page, and the agency's widget list and editor. Every page fits the width (a
// wide table scrolls inside its own box), is in its language and shows no message key.

const WIDTHS = [430, 768, 960];
const SITES = [
  { origin: `http://tours.desertrose.test:${PORT}`, lang: 'en', book: 'Book', price: /AED/ },
  { origin: `http://ru.desertrose.test:${PORT}`, lang: 'ru', book: 'Забронировать', price: /USD/ },
] as const;
const EMBED = `/embedded?widget=6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001&site=www.desertrose.test`;
// Gulf Horizons' admin: no other spec ends that admin's sessions.
const ADMIN = 'admin@gulfhorizons.test';

async function expectFits(page: Page, what: string, lang: string) {
  const facts = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    lang: document.documentElement.lang,
    // A message key that failed to resolve shows as `namespace.key` in the text.
    keys: (document.body.innerText.match(/\bwidget[A-Za-z]*\.[a-z]\w*/g) ?? []).slice(0, 3),
  }));
  expect(facts.overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(1);
  expect(facts.lang, what).toBe(lang);
  expect(facts.keys, what).toEqual([]);
}

test('the widget sites, their checkout and the embed fit a phone, a tablet and a small laptop, each in its language and currency', async ({ page }) => {
  test.slow();
  // Each page is loaded once and measured at every width in turn (the layout is the stylesheet's
  // answer to the width; the server's page is the same for all three).
  const atEveryWidth = async (check: (width: number) => Promise<void>) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await check(width);
    }
  };
  for (const site of SITES) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    const landing = await page.goto(`${site.origin}/`);
    expect(landing?.status()).toBe(200);
    const offer = page.getByTestId('widget-offer').first();
    const book = offer.getByRole('link', { name: new RegExp(`^${site.book}: `) });
    await atEveryWidth(async (width) => {
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(site.price);
      await expect(book).toBeVisible();
      await expectFits(page, `${site.origin}/ at ${width}px`, site.lang);
    });

    await book.click();
    await expect(page).toHaveURL(new RegExp(`^${site.origin}/book/[0-9a-f-]{36}$`));
    await atEveryWidth(async (width) => {
      await expect(page.getByTestId('guest-checkout')).toBeVisible();
      // The open days on a calendar, not a list of sixty dates.
      await expect(page.getByTestId('guest-calendar')).toBeVisible();
      await expect(page.getByTestId('guest-prices')).toContainText(site.price);
      await expectFits(page, `${site.origin} checkout at ${width}px`, site.lang);
    });
  }

  await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
  await page.goto(EMBED);
  await atEveryWidth(async (width) => {
    await expect(page.getByTestId('embed-offer').first()).toBeVisible();
    await expect(page.getByTestId('embed-book').first()).toBeVisible();
    await expectFits(page, `the embed's tickets at ${width}px`, 'en');
  });
  await page.getByTestId('embed-book').first().click();
  await atEveryWidth(async (width) => {
    await expect(page.getByTestId('guest-checkout')).toBeVisible();
    await expectFits(page, `the embed's checkout at ${width}px`, 'en');
  });
});

test("the widget-not-found page speaks the visitor's language", async ({ browser }) => {
  for (const [locale, lang] of [
    ['en-GB', 'en'],
    ['ru-RU', 'ru'],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 430, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`http://nobody-${lang}.example.test:${PORT}/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, `not found in ${lang}`, lang);
    await context.close();
  }
});

test("the agency's widget list, editor and margin report fit a phone, a tablet and a small laptop, in English and in Russian", async ({ page }) => {
  test.slow();
  // The editor warns before leaving with unsaved changes: this test leaves on purpose.
  page.on('dialog', (dialog) => dialog.accept());
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent('/widgets')}`);
  await signIn.signIn(ADMIN);
  await expect(page).toHaveURL('/widgets', { timeout: 30_000 });
  // A widget of its own, made at a phone's width, so the list has a row and the editor a widget.
  await page.setViewportSize({ width: 430, height: 900 });
  await page.goto('/widgets/new');
  await page.getByLabel('Widget name').fill(`Layout ${Date.now().toString(36)}`);
  await page.getByLabel('Company').fill('Gulf Horizons Tours');
  await addWidgetOffers(page, 2);
  await page.getByRole('button', { name: 'Save widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/[0-9a-f-]{36}\?notice=created$/);
  const editor = new URL(page.url()).pathname;

  // Each page is loaded once per language and measured at every width in turn; the new widget's
  // form gets two more offers at each width, so its table is widest at the widest screen.
  const headings = new Map<string, string>();
  for (const [prefix, lang, add] of [
    ['', 'en', 'Add offer'],
    ['/ru', 'ru', 'Добавить'],
  ] as const) {
    // And the commissions page, whose margin report lists the agency's widgets.
    for (const path of ['/widgets', '/widgets/new', editor, '/my-commissions']) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
      const response = await page.goto(`${prefix}${path}`);
      expect(response?.status(), `${prefix}${path}`).toBe(200);
      const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      if (lang === 'en') headings.set(path, heading);
      else expect(heading, `${path}: the Russian heading`).not.toBe(headings.get(path));
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        if (path === '/widgets/new') {
          // The offer table is the editor's widest part: two offers more at each width.
          await addWidgetOffers(page, 2, add);
        }
        await expectFits(page, `${prefix}${path} at ${width}px`, lang);
      }
    }
  }
});
