import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Adds the editor chooser's first `count` offers not yet in the widget. `addLabel` is the add
 * button's name in the page's language. A choice made before the editor hydrates, or while the
 * list drops the offer just added, would not hold: each is made again until the button takes it.
 */
export async function addWidgetOffers(page: Page, count: number, addLabel = 'Add offer') {
  const rows = page.getByTestId('widget-offer-rows').locator('li');
  const before = await rows.count();
  const chooser = page.locator('select:has(optgroup)');
  const add = page.getByRole('button', { name: addLabel, exact: true });
  for (let index = 0; index < count; index += 1) {
    await expect(async () => {
      const offer = await chooser.locator('option:not([value=""])').first().getAttribute('value', { timeout: 1_000 });
      await chooser.selectOption(offer!, { timeout: 1_000 });
      await expect(add).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await add.click();
    await expect(rows).toHaveCount(before + index + 1);
  }
}

/** Fills a widget's guest checkout (English labels): the party and the guest's contact. */
export async function fillGuest(form: Locator, guest: { adults: number; name: string; phone: string; email: string }) {
  await form.getByLabel('Adults').fill(String(guest.adults));
  await form.getByLabel('Full name').fill(guest.name);
  await form.getByLabel('Phone').fill(guest.phone);
  await form.getByLabel('E-mail', { exact: true }).fill(guest.email);
  await form.getByLabel('Confirm e-mail').fill(guest.email);
}
