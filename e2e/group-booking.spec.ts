import { deflateRawSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInAs } from './support/portal';

// Group booking from a spreadsheet (docs/bookings.md#group-booking-from-a-spreadsheet): a
// 20-row file with 3 bad rows books 17 and reports the 3 in the result sheet; the same file again
// books nothing more; a formula and a zip bomb are refused with nothing booked. At 430, 768 and
// 1280 px in both languages (CASES). The files are made here with exceljs.

test.describe.configure({ timeout: 120_000 });

const HEADER = ['offer_id', 'date', 'time', 'adults', 'children', 'infants', 'guest_name', 'guest_phone', 'guest_email'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

type Slot = { offerId: string; date: string; time: string };

const TEXTS = {
  en: {
    path: '/group-booking',
    heading: 'Group booking from a spreadsheet',
    fileLabel: /^Spreadsheet/,
    check: 'Check the file',
    summary: '17 of 20 rows can be booked.',
    book: 'Book the valid rows (17)',
    booked: '17 booked, 0 already booked earlier, 3 not booked.',
    again: '0 booked, 17 already booked earlier, 3 not booked.',
    download: 'Download the result sheet (xlsx)',
    another: 'Upload another file',
    formula: /The file contains a formula \(cell .*D2\)/,
    zipBomb: 'The file unpacks to far more than a guest list: it was refused unread.',
    reference: 'Reference',
  },
  ru: {
    path: '/ru/group-booking',
    heading: 'Групповое бронирование из таблицы',
    fileLabel: /^Таблица/,
    check: 'Проверить файл',
    summary: 'Можно забронировать 17 из 20 строк.',
    book: 'Забронировать верные строки (17)',
    booked: 'Забронировано: 17, уже были забронированы: 0, не забронировано: 3.',
    again: 'Забронировано: 0, уже были забронированы: 17, не забронировано: 3.',
    download: 'Скачать таблицу с результатом (xlsx)',
    another: 'Загрузить другой файл',
    formula: /В файле есть формула \(ячейка .*D2\)/,
    zipBomb: 'Файл распаковывается в объём, намного больший списка гостей, и отклонён без чтения.',
    reference: 'Номер брони',
  },
} as const;

/** A live slot with at least 20 seats left, of an offer the template lists without a required hotel; the `skip`-th found, so parallel tests book different slots. */
async function findSlot(page: Page, skip: number): Promise<Slot> {
  let skipped = 0;
  const template = await page.request.get('/api/group-booking/template?locale=en');
  expect(template.ok()).toBe(true);
  expect(template.headers()['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await template.body()) as unknown as ExcelJS.Buffer);
  const offers: string[] = [];
  workbook.getWorksheet('Offers')!.eachRow((row, index) => {
    if (index > 1 && row.getCell(6).text !== 'Hotel required') offers.push(row.getCell(1).text);
  });
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  for (const offerId of offers) {
    const response = await page.request.get(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`);
    if (!response.ok()) continue;
    const { days } = (await response.json()) as { days: { date: string; slots: { time: string | null; left?: number | null; leftAdults: number | null; pastCutOff: boolean }[] }[] };
    for (const day of days.slice(3)) {
      const slot = day.slots.find((candidate) => candidate.time && !candidate.pastCutOff && Math.min(candidate.left ?? Infinity, candidate.leftAdults ?? Infinity) >= 20);
      if (slot?.time && skipped++ === skip) return { offerId, date: day.date, time: slot.time };
    }
  }
  throw new Error('No live slot with 20 seats in the demo catalogue');
}

async function workbookBytes(rows: (string | number | ExcelJS.CellFormulaValue | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guests');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 20 rows on one slot, the 5th, 11th and 17th bad (an unknown offer, an e-mail, a past date); the names unique to this run. */
async function twentyRows(slot: Slot, run: string): Promise<Buffer> {
  const rows = Array.from({ length: 20 }, (_, index) => [
    slot.offerId,
    slot.date,
    slot.time,
    1,
    0,
    0,
    `Group ${run} ${LETTERS[index % 26]!.toUpperCase()}${LETTERS[(index + 7) % 26]}`,
    '+971 50 123 4567',
    `group-${run}-${index}@example.test`,
  ] as (string | number)[]);
  rows[4]![0] = 'a0000000-0000-4000-8000-000000000000';
  rows[10]![8] = 'not an e-mail';
  rows[16]![1] = '2020-01-01';
  return workbookBytes(rows);
}

/** 100 MB of zeros as a worksheet, deflated to about 100 KB. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const compressed = deflateRawSync(Buffer.alloc(100 * 1024 * 1024));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.byteLength, 18);
  local.writeUInt32LE(100 * 1024 * 1024, 22);
  local.writeUInt16LE(name.byteLength, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.byteLength, 20);
  central.writeUInt32LE(100 * 1024 * 1024, 24);
  central.writeUInt16LE(name.byteLength, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.byteLength, 12);
  end.writeUInt32LE(30 + name.byteLength + compressed.byteLength, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
}

// Every language at a phone's and a desktop's width, and English at the tablet's (768 px, where
// the layout turns to its wide form); the 20-row booking in English at 1280 and 768 px and
// Russian at 430 px, each on a slot of its own (`slot`: the how-manieth found), the refusals in
// the other two.
const CASES = [
  { locale: 'en' as const, width: 1280, height: 900, slot: 0 },
  { locale: 'ru' as const, width: 430, height: 900, slot: 1 },
  { locale: 'en' as const, width: 768, height: 1024, slot: 2 },
  { locale: 'en' as const, width: 430, height: 900, slot: null },
  { locale: 'ru' as const, width: 1280, height: 900, slot: null },
];

for (const { locale, width, height, slot: slotIndex } of CASES) {
  const texts = TEXTS[locale];

  test.describe(`${locale.toUpperCase()} at ${width} px`, () => {
    // Signed in at the desktop width (the header's account menu is what signInAs waits for), then read at the case's width.
    async function open(page: Page) {
      await signInAs(page, 'senior', '/group-booking');
      if (locale === 'ru') await page.goto(texts.path);
      await page.setViewportSize({ width, height });
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    }

    if (slotIndex !== null) test('a 20-row file with 3 bad rows books 17, reports the 3, and the same file again books nothing more', async ({ page }) => {
      await open(page);
      const slot = await findSlot(page, slotIndex);
      const run = Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * 26)]).join('');
      const file = { name: `group-${locale}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await twentyRows(slot, run) };

      await page.getByLabel(texts.fileLabel).setInputFiles(file);
      // Keyboard: the button is reached and pressed without the mouse.
      await page.getByRole('button', { name: texts.check }).focus();
      await page.keyboard.press('Enter');
      const preview = page.getByTestId('group-preview');
      await expect(preview.getByText(texts.summary)).toBeVisible({ timeout: 30_000 });
      await expect(preview.locator('tr[data-valid="false"]')).toHaveCount(3);
      await expect(preview.locator('tr[data-row="6"][data-valid="false"]')).toBeVisible();
      await expect(preview.locator('tr[data-row="12"][data-valid="false"]')).toBeVisible();
      await expect(preview.locator('tr[data-row="18"][data-valid="false"]')).toBeVisible();
      // No horizontal scroll of the page itself at a phone's width: the table scrolls in its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await preview.getByRole('button', { name: texts.book }).click();
      const result = page.getByTestId('group-result');
      await expect(result.getByText(texts.booked)).toBeVisible({ timeout: 60_000 });
      await expect(result.locator('tr[data-outcome="booked"]')).toHaveCount(17);

      const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('link', { name: texts.download }).click()]);
      expect(download.suggestedFilename()).toBe(`group-${locale}-result.xlsx`);
      const sheet = new ExcelJS.Workbook();
      await sheet.xlsx.readFile((await download.path())!);
      const rows = sheet.worksheets[0]!;
      const header = (rows.getRow(1).values as unknown[]).map(String);
      const referenceColumn = header.indexOf(texts.reference);
      expect(referenceColumn).toBeGreaterThan(0);
      const references: string[] = [];
      const failed: number[] = [];
      rows.eachRow((row, index) => {
        if (index === 1) return;
        const reference = row.getCell(referenceColumn).text;
        if (reference) references.push(reference);
        else failed.push(Number(row.getCell(1).text));
      });
      expect(references).toHaveLength(17);
      for (const reference of references) expect(reference).toMatch(/^TD-[A-Z2-9]{7}$/);
      expect(failed).toEqual([6, 12, 18]);

      // The same file again: every row answers its first booking.
      await result.getByRole('button', { name: texts.another }).click();
      await page.getByLabel(texts.fileLabel).setInputFiles(file);
      await page.getByRole('button', { name: texts.check }).click();
      await expect(page.getByTestId('group-preview').getByText(texts.summary)).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('group-preview').getByRole('button', { name: texts.book }).click();
      await expect(page.getByTestId('group-result').getByText(texts.again)).toBeVisible({ timeout: 60_000 });
      const again = await page.getByTestId('group-result').locator('tr[data-outcome="alreadyBooked"] td.font-mono').allInnerTexts();
      expect(again.sort()).toEqual([...references].sort());
    });

    test('a file with a formula and a zip bomb are refused with nothing booked', async ({ page }) => {
      await open(page);
      const input = page.getByLabel(texts.fileLabel);

      const formula = await workbookBytes([['a0000000-0000-4000-8000-000000000000', '2030-01-01', '10:00', { formula: '1+1', result: 2 }, 0, 0, 'Formula Guest', '+971501234567', 'f@example.test']]);
      await input.setInputFiles({ name: 'formula.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: formula });
      await page.getByRole('button', { name: texts.check }).click();
      await expect(page.getByRole('alert').filter({ hasText: texts.formula }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('group-preview')).toHaveCount(0);

      await input.setInputFiles({ name: 'bomb.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: zipBomb() });
      await page.getByRole('button', { name: texts.check }).click();
      await expect(page.getByRole('alert').filter({ hasText: texts.zipBomb }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('group-preview')).toHaveCount(0);
      await expect(page.getByTestId('group-result')).toHaveCount(0);
    });
  });
}
