import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BookingListPage, createRequest, openSlots, uniqueGuestTag } from './support/booking-lists';
import { signInAs } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// The xlsx export: the download holds exactly the filtered list's rows,
// in its order, with typed cells; a junior's sheet has no NET rates and no agency-wide export.

const TOUR = 'burj-khalifa-at-the-top';
const RUSSIAN_DOWNLOAD = 'Скачать xlsx';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.describe.configure({ timeout: 90_000 });

async function sheetOf(data: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(data).buffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('The workbook has no sheet');
  return sheet;
}

function headers(sheet: ExcelJS.Worksheet): unknown[] {
  return (sheet.getRow(1).values as unknown[]).slice(1);
}

/** The references of the list's rows, in the order the page shows them. */
async function listedReferences(page: Page, references: string[]): Promise<string[]> {
  const texts = await new BookingListPage(page).rows.allInnerTexts();
  return texts.map((text) => references.find((reference) => text.includes(reference)) ?? '?');
}

async function downloadedSheet(page: Page, linkName = 'Download xlsx'): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await download.path();
  return sheetOf(await fs.readFile(path));
}

test('the xlsx download holds exactly the filtered, sorted list, with typed cells', ENGINE_SENSITIVE, async ({ page }) => {
  await signInAs(page, 'senior');
  const tag = uniqueGuestTag();
  const [early, middle, late] = await openSlots(page, TOUR, 3);
  const references = [
    await createRequest(page, middle!, `${tag} Alpha`),
    await createRequest(page, early!, `${tag} Beta`),
    await createRequest(page, late!, `${tag} Gamma`),
  ];

  const list = new BookingListPage(page);
  await list.open('/bookings', `?guest=${tag}&sort=tourDate&dir=asc`);
  await expect(list.rows).toHaveCount(3);
  const shown = await listedReferences(page, references);
  expect(shown).toEqual([references[1], references[0], references[2]]);

  const sheet = await downloadedSheet(page);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(headers(sheet)).toEqual([
    'Reference',
    'Booking date',
    'Travel date',
    'Start time',
    'Tour',
    'Ticket',
    'Guest',
    'Agent',
    'Adults',
    'Children',
    'Infants',
    'Status',
    'Payment method',
    'Published rate, AED',
    'NET rate, AED',
    // The widget a guest booked through, empty for the portal's bookings.
    'Widget',
    // The tour operator's side, empty for our own inventory.
    'Supplier reference',
    'Supplier status',
    'Supplier codes',
  ]);
  expect(sheet.getColumn(1).values.slice(2)).toEqual(shown);
  const first = sheet.getRow(2);
  expect(first.getCell(2).value).toBeInstanceOf(Date);
  expect(first.getCell(3).value).toEqual(new Date(`${early!.date}T00:00:00Z`));
  expect(first.getCell(7).value).toBe(`${tag} Beta`);
  expect(first.getCell(12).value).toBe('Quotation request');
  expect(typeof first.getCell(14).value).toBe('number');
  expect(first.getCell(14).numFmt).toBe('#,##0.00 "AED"');
  expect(typeof first.getCell(15).value).toBe('number');

  // The Russian list downloads a Russian sheet.
  await page.goto(`/ru/bookings?guest=${tag}`);
  await expect(list.rows).toHaveCount(3);
  const russian = await downloadedSheet(page, RUSSIAN_DOWNLOAD);
  expect(headers(russian)[0]).toBe('Номер');
  expect(russian.getColumn(12).values.slice(2)).toEqual(['Запрос котировки', 'Запрос котировки', 'Запрос котировки']);
});

test('a junior agent exports its own bookings without NET rates, and is refused the agency export', async ({ page }) => {
  await signInAs(page, 'junior');
  const tag = uniqueGuestTag();
  const [slot] = await openSlots(page, TOUR, 1);
  const reference = await createRequest(page, slot!, `${tag} Junior`);

  const response = await page.request.get(`/api/bookings/export?scope=own&guest=${tag}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(XLSX);
  expect(response.headers()['cache-control']).toContain('no-store');
  const sheet = await sheetOf(await response.body());
  expect(headers(sheet)).toHaveLength(18);
  expect(headers(sheet)).not.toContain('NET rate, AED');
  expect(sheet.getColumn(1).values.slice(2)).toEqual([reference]);

  expect((await page.request.get('/api/bookings/export?scope=all')).status()).toBe(403);
});

test('an anonymous visitor gets no export', async ({ request }) => {
  expect((await request.get('/api/bookings/export?scope=own')).status()).toBe(401);
});
