import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createRequest, openSlots, uniqueGuestTag } from './support/booking-lists';
import { signInAs } from './support/portal';

// A supplier-backed booking's side at the tour operator — its reference, where the booking stands
// with it, its entrance codes (QR codes drawn, other formats as text) — on the booking page and in
// the agent's list, at a phone's and a desktop's width, in both languages. The supplier booking flow
// writes those columns; here a test hook does.

const TOUR = 'burj-khalifa-at-the-top';
type AppMessages = typeof import('../messages/en.json');
const TEXTS = Object.fromEntries(
  (['en', 'ru'] as const).map((language) => [language, JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${language}.json`), 'utf8')) as AppMessages]),
) as Record<'en' | 'ru', AppMessages>;

test.describe.configure({ timeout: 90_000 });

for (const { language, width } of [
  { language: 'en', width: 1280 },
  { language: 'ru', width: 430 },
] as const) {
  test(`shows the tour operator's reference and codes on the booking page and in the list (${language}, ${width} px)`, async ({ page }) => {
    const texts = TEXTS[language];
    const prefix = language === 'ru' ? '/ru' : '';
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'senior', '/my-bookings');
    const [slot] = await openSlots(page, TOUR, 1);
    const reference = await createRequest(page, slot!, uniqueGuestTag());
    const supplierReference = `OCTO-${reference.slice(-6)}`;
    const hook = await page.request.post('/api/test-hooks/supplier-side', {
      data: {
        reference,
        supplierReference,
        supplierStatus: 'awaiting_supplier',
        tickets: [
          { unitType: 'adult', code: `QR-${reference}`, format: 'QRCODE' },
          { unitType: null, code: '4006381333931', format: 'CODE128' },
        ],
      },
    });
    expect(hook.ok(), await hook.text()).toBe(true);

    await page.goto(`${prefix}/my-bookings/${reference}`);
    const section = page.getByRole('region', { name: texts.bookingDetail.sections.supplier });
    await expect(section).toBeVisible();
    await expect(section.getByTestId('supplier-reference')).toHaveText(supplierReference);
    await expect(section.getByTestId('supplier-status')).toHaveText(texts.supplierBooking.status.awaiting_supplier);
    await expect(section.getByRole('img', { name: texts.supplierBooking.qrAlt.replace('{code}', `QR-${reference}`) })).toBeVisible();
    await expect(section.getByTestId('supplier-code')).toHaveText([`QR-${reference}`, '4006381333931']);
    await expect(section.getByText('CODE128')).toBeVisible();
    // Nothing runs off a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto(`${prefix}/my-bookings?reference=${reference}`);
    const row = page.getByTestId('booking-row').filter({ hasText: reference });
    await expect(row.getByTestId('supplier-reference')).toHaveText(texts.supplierBooking.listReference.replace('{reference}', supplierReference));
    await expect(row.getByTestId('supplier-status')).toHaveText(texts.supplierBooking.status.awaiting_supplier);
  });
}
