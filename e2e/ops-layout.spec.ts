import { expect, type Page, test } from '@playwright/test';
import { CONSOLE_SECTIONS, OPS_ADMIN, signInAsStaff } from './support/ops';

// The operator console at the portal's breakpoints (430, 768 and 960 px) in both languages: every
// section's page fits the width (on a phone nothing is cut at the edge: tables are cards, the
// section links wrap; wider, a table may scroll inside its own box, the page never does),
// has its heading in the page's language, and shows no message key where a text belongs. Lists
// (and the slot calendar) are cards on a phone and tables wider, framed in the portal's card style.

const WIDTHS = [430, 768, 960];
/** `--color-border` (app/globals.css), as the browser computes it. */
const BORDER_COLOUR = 'rgb(221, 225, 239)';

// One staff sign-in (a TOTP step) for every page: the pages are visited in turn.
test.describe.configure({ timeout: 300_000 });

async function pageFacts(page: Page) {
  return page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    lang: document.documentElement.lang,
    heading: document.querySelector('h1')?.textContent?.trim() ?? '',
    // Nothing a person reads or presses is cut at the screen's edge, not even inside a box that
    // scrolls sideways: on a phone tables are cards and the section links wrap.
    cut: [...document.querySelectorAll('nav a, main a, main button, main td')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && (rect.right > window.innerWidth + 1 || rect.left < -1);
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`),
    // A message key that failed to resolve shows as `namespace.key` in the text.
    keys: (document.querySelector('main')?.innerText.match(/\bops[A-Z]\w*\.\w+/g) ?? []).slice(0, 3),
    // Every table's rows, as laid out: cards on a phone (`.table-cards`), table rows wider.
    rowDisplays: [...new Set([...document.querySelectorAll('main table tbody tr')].map((row) => getComputedStyle(row).display))],
    // The portal's card style on the lists' frames and the cards: the border colour, never the text's.
    borderColours: [
      ...new Set(
        [...document.querySelectorAll('main table.table-cards')].flatMap((table) =>
          [table.parentElement!, table.querySelector('tbody tr')].filter((box): box is Element => box !== null && getComputedStyle(box).borderTopWidth !== '0px').map((box) => getComputedStyle(box).borderTopColor),
        ),
      ),
    ],
  }));
}

test('every console page fits a phone, a tablet and a small laptop, in English and in Russian', async ({ page }) => {
  await signInAsStaff(page, OPS_ADMIN);
  // And a record of each kind with a page of its own: the first agency and the first tour.
  const records: string[] = [];
  for (const [list, link] of [
    ['/ops/agencies', 'table a[href*="/ops/agencies/"]'],
    ['/ops/catalog', 'table a[href*="/ops/catalog/tours/"]'],
  ] as const) {
    await page.goto(list);
    records.push((await page.locator(link).first().getAttribute('href'))!);
  }
  const pages = [...CONSOLE_SECTIONS, ...records];

  // Each page is loaded once per language and measured at every width in turn (the layout is the
  // stylesheet's answer to the width; the server's page is the same for all three).
  const english = new Map<string, string>();
  for (const locale of ['en', 'ru'] as const) {
    for (const path of pages) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
      const response = await page.goto(locale === 'ru' ? `/ru${path}` : path);
      expect(response?.status(), `${locale} ${path}`).toBe(200);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const facts = await pageFacts(page);
        expect(facts.overflow, `${path} at ${width}px in ${locale} is wider than the screen`).toBeLessThanOrEqual(1);
        if (width < 768) expect(facts.cut, `${path} at ${width}px in ${locale}: cut at the edge`).toEqual([]);
        expect(facts.rowDisplays.filter((display) => display !== (width < 768 ? 'block' : 'table-row')), `${path} at ${width}px: table rows`).toEqual([]);
        expect(facts.borderColours.filter((colour) => colour !== BORDER_COLOUR), `${path} at ${width}px: frame and card borders`).toEqual([]);
        expect(facts.lang).toBe(locale);
        expect(facts.keys, `${locale} ${path}`).toEqual([]);
        if (locale === 'en') english.set(path, facts.heading);
        else if (!records.includes(path)) expect(facts.heading, `${path}: the Russian heading`).not.toBe(english.get(path));
      }
    }
  }
});
