import { expect, type Page, test } from '@playwright/test';
import { PORT } from './support/portal';

// The search (docs/catalogue.md#search) as a visitor uses it, at a phone's, a tablet's and a
// desktop's width, in English on the main host and in Russian on the Russian host: a typo and a
// Cyrillic query find the tour, a filter narrows the results to the count it showed (and the back
// button undoes it), and a search that matches nothing suggests the closest tours.

const SITES = {
  en: {
    origin: `http://localhost:${PORT}`,
    prefix: '',
    field: 'Tour or attraction',
    submit: 'Найти|Search',
    typo: 'burj khalifs',
    cyrillic: 'бурдж халифа',
    burj: 'Burj Khalifa: At the Top, Levels 124 and 125',
    aquaventure: 'Aquaventure Waterpark at Atlantis',
    filters: 'Filters',
    category: 'Desert safari',
    didYouMean: 'Did you mean one of these?',
  },
  ru: {
    origin: `http://ru.localhost:${PORT}`,
    prefix: '/ru',
    field: 'Тур или достопримечательность',
    submit: 'Найти|Search',
    typo: 'бурдж халифв',
    cyrillic: 'бурдж халифа',
    burj: 'Бурдж-Халифа: смотровые площадки на 124 и 125 этажах',
    aquaventure: 'Аквапарк Aquaventure в Atlantis',
    filters: 'Фильтры',
    category: 'Сафари по пустыне',
    didYouMean: 'Возможно, вы искали:',
  },
} as const;
const WIDTHS = [430, 768, 1280] as const;

type Site = (typeof SITES)[keyof typeof SITES];

async function searchFor(page: Page, site: Site, text: string) {
  const form = page.getByRole('search').filter({ has: page.getByLabel(site.field) });
  await form.getByLabel(site.field).fill(text);
  await form.getByRole('button', { name: new RegExp(site.submit) }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${site.prefix}/search` && url.searchParams.get('q') === text);
}

const total = async (page: Page) => Number(await page.locator('#results-count').getAttribute('data-total'));

for (const [language, site] of Object.entries(SITES)) {
  for (const width of WIDTHS) {
    test(`search in ${language} at ${width} px: typo, Cyrillic, a filter and its count, suggestions`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.origin}${site.prefix}/search`);

      // A letter wrong, then Cyrillic: the tour comes first.
      await searchFor(page, site, site.typo);
      const results = page.getByTestId('search-results');
      await expect(results.getByRole('article').first()).toContainText(site.burj);
      await searchFor(page, site, site.cyrillic);
      await expect(results.getByRole('article').first()).toContainText(site.burj);

      // A filter, chosen with the keyboard, narrows the results to the count it showed.
      await page.goto(`${site.origin}${site.prefix}/search`);
      const everything = await total(page);
      const panel = width >= 1024 ? page.getByTestId('search-filters') : page.getByTestId('search-filters-folded');
      if (width < 1024) {
        await panel.locator('summary').focus();
        await page.keyboard.press('Enter');
      }
      const option = panel.locator('[data-filter="category"] a[data-value="desert-safari"]');
      await expect(option).toContainText(site.category);
      const count = Number(await option.getByTestId('filter-count').locator('[aria-hidden]').innerText());
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(everything);
      await option.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.searchParams.get('category') === 'desert-safari');
      await expect(page.locator('#results-count')).toHaveAttribute('data-total', String(count));
      await expect(results.getByRole('article')).toHaveCount(Math.min(count, 12));
      // The filter is in the URL: back undoes it.
      await page.goBack();
      await expect(page).toHaveURL((url) => !url.searchParams.has('category'));
      await expect(page.locator('#results-count')).toHaveAttribute('data-total', String(everything));

      // Nothing close enough to be a result: the closest tours are offered instead.
      await searchFor(page, site, 'akvaventchur');
      await expect(page.locator('#results-count')).toHaveAttribute('data-total', '0');
      const suggestions = page.getByTestId('search-suggestions');
      await expect(suggestions.getByRole('heading', { name: site.didYouMean })).toBeVisible();
      await expect(suggestions.getByRole('link', { name: site.aquaventure })).toBeVisible();

      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
