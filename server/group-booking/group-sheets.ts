import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { cities, offers, tours } from '@/server/db/schema';
import { routeMessages } from '@/server/http/route-messages';
import { GROUP_SHEET_COLUMNS, GROUP_SHEET_MAX_ROWS, type GroupRowResult } from '@/shared/group-booking/sheet-rules';

// The two workbooks a group booking hands out: the template (the guests' sheet with its headers,
// the bookable offers with their ids, and how to fill it in) and the result (every row as sent,
// with its reference or its error). Every value is written as a value, never a formula.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template in the agent's language; its headers are read back in either language. */
export async function groupTemplateWorkbook(db: Database, locale: Locale): Promise<Buffer> {
  const messages = await routeMessages(locale);
  const t = messages.text;
  const workbook = new ExcelJS.Workbook();
  const guests = workbook.addWorksheet(t('groupBooking.template.guestsSheet'));
  guests.columns = GROUP_SHEET_COLUMNS.map((column) => ({
    header: `${t(`groupBooking.columns.${column.key}`)}${column.required ? '*' : ''}`,
    key: column.key,
    width: column.key === 'offer_id' || column.key === 'hotel_id' ? 38 : column.key === 'notes' ? 30 : 16,
    // Text columns stay text: Excel would turn a phone number or a date into a number or a date of its own.
    style: { numFmt: '@' },
  }));
  guests.getRow(1).font = { bold: true };
  guests.views = [{ state: 'frozen', ySplit: 1 }];

  const offerSheet = workbook.addWorksheet(t('groupBooking.template.offersSheet'));
  offerSheet.columns = [
    { header: t('groupBooking.columns.offer_id'), key: 'id', width: 38 },
    { header: t('groupBooking.template.tour'), key: 'tour', width: 40 },
    { header: t('groupBooking.template.offer'), key: 'offer', width: 30 },
    { header: t('groupBooking.template.city'), key: 'city', width: 16 },
    { header: t('groupBooking.template.cutOff'), key: 'cutOff', width: 14 },
    { header: t('groupBooking.template.pickUp'), key: 'pickUp', width: 16 },
  ];
  offerSheet.getRow(1).font = { bold: true };
  for (const offer of await listBookableOffers(db)) {
    offerSheet.addRow({
      id: offer.id,
      tour: offer.tour[locale],
      offer: offer.offer[locale],
      city: offer.city[locale],
      cutOff: offer.cutOffHours,
      pickUp: t(`groupBooking.template.pickUpMode.${offer.pickUp}`),
    });
  }

  const help = workbook.addWorksheet(t('groupBooking.template.helpSheet'));
  help.getColumn(1).width = 110;
  for (const line of t('groupBooking.template.help', { max: GROUP_SHEET_MAX_ROWS }).split('\n')) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Offers a row may name: active, of an active tour, booked live (a request takes no balance payment). */
async function listBookableOffers(db: Database) {
  return db
    .select({ id: offers.id, tour: tours.title, offer: offers.name, city: cities.name, cutOffHours: offers.cutOffHours, pickUp: offers.pickUp })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .where(and(eq(offers.isActive, true), eq(tours.isActive, true), eq(offers.hasLiveAvailability, true)))
    .orderBy(asc(tours.slug), asc(offers.id));
}

/** The file as sent, row by row, with three columns added: the outcome, the reference and the error. */
export async function groupResultWorkbook(results: GroupRowResult[], locale: Locale): Promise<Buffer> {
  const messages = await routeMessages(locale);
  const t = messages.text;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('groupBooking.result.sheet'));
  sheet.columns = [
    { header: t('groupBooking.result.row'), key: 'row', width: 8 },
    ...GROUP_SHEET_COLUMNS.map((column) => ({ header: t(`groupBooking.columns.${column.key}`), key: column.key, width: column.key === 'offer_id' ? 38 : 16 })),
    { header: t('groupBooking.result.outcome'), key: 'outcome', width: 18 },
    { header: t('groupBooking.result.reference'), key: 'reference', width: 14 },
    { header: t('groupBooking.result.error'), key: 'error', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const result of results) {
    // Values go in as plain strings: exceljs writes a string as a string cell, never as a formula.
    sheet.addRow({ row: result.row, ...result.cells, outcome: t(`groupBooking.result.outcomes.${result.outcome}`), reference: result.reference ?? '', error: result.errors.join('; ') });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
