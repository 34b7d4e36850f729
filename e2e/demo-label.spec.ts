import { expect, test } from '@playwright/test';
import { PORT } from './support/portal';

// `npm start` on a fresh clone is the demo, and every page says so, in the page's language.

test('the demo says on every host that it holds test data and takes no real payments', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('demo-label')).toHaveText('Demo — test data, no real payments');
  await page.goto(`http://ru.localhost:${PORT}/`);
  await expect(page.getByTestId('demo-label')).toHaveText('Демо — тестовые данные, без реальных платежей');
});
