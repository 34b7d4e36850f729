import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { createBooking } from '@/server/bookings/create-booking';
import { listBookings } from '@/server/bookings/list-queries';
import { loadBookingDetail } from '@/server/bookings/queries';
import { listWidgetMargins } from '@/server/commissions/widget-margins';
import { bookings, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { Forbidden } from '@/server/errors';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { aedInput, emptyWidgetValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { createWidget, deleteWidget } from '@/server/widgets/manage-widgets';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { bookAndGoToPayment, guestCheckoutInput } from '../widgets/guest-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';

// The widget margin report on the commissions page (per widget and Asia/Dubai
// month of booking, completed bookings of the agency only), and widget bookings marked with their
// widget in the booking lists, the booking page and the export.

let database: TestDatabase;
let admin: Principal;
let senior: Principal;
let offer: Awaited<ReturnType<typeof findOffer>>;
/** Twice the offer's cost: well above the 5% minimum, after any discount the tests apply. */
let SALE_ADULT = 0;
/** The report's "now": November 2026 in Dubai, so the window is December 2025 … November 2026. */
const NOW = new Date('2026-11-21T08:00:00Z');
const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));

type Site = { host: string; origin: string };
const site = (host: string): Site => ({ host, origin: `https://${host}` });
const DUNES = site('dunes.desertrose.test');
const OASIS = site('oasis.desertrose.test');
const GULF = site('tours.gulfhorizons.test');

async function siteWidget(owner: Principal, name: string, host: string): Promise<string> {
  const values = emptyWidgetValues('en');
  const input = widgetFormSchema.parse({
    ...values,
    name,
    domain: host,
    contacts: { ...values.contacts, company: owner.agencyName },
    offers: [{ offerId: offer.id, saleAdult: aedInput(SALE_ADULT), saleChild: offer.pricePerChild === null ? '' : aedInput(SALE_ADULT), saleTrip: '' }],
  });
  const { id } = await createWidget(database.db, owner, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
  return id;
}

/** A guest's booking on `on`'s site for `adults`, booked at `createdAt`; paid (completed) unless `paid` is false. */
async function guestBooking(on: Site, adults: number, createdAt: Date, paid = true) {
  const input = await guestCheckoutInput(database.db, offer.id, { adults });
  const started = await bookAndGoToPayment(database.db, { channel: { host: on.host }, origin: on.origin }, input);
  if (paid) {
    await payWithSandboxCard(database.db, started.chargeId, '4242424242424242');
    await returnToWidgetSite(database.db, { host: on.host }, started.paymentId);
  }
  const [row] = await database.db.update(bookings).set({ createdAt }).where(eq(bookings.reference, started.reference)).returning();
  if (!row) throw new Error('No booking');
  expect(row.status).toBe(paid ? 'completed' : 'payment_required');
  return row;
}

const margin = (...rows: { publishedTotalMinor: number; netTotalMinor: number }[]) => rows.reduce((sum, row) => sum + row.publishedTotalMinor - row.netTotalMinor, 0);
const sales = (...rows: { publishedTotalMinor: number }[]) => rows.reduce((sum, row) => sum + row.publishedTotalMinor, 0);

let dunesNovember: Awaited<ReturnType<typeof guestBooking>>[];
let dunesOctober: Awaited<ReturnType<typeof guestBooking>>;
let oasisNovember: Awaited<ReturnType<typeof guestBooking>>;
let dunesId: string;
let oasisId: string;
let portalReference: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await seedCatalogue(db, { today: new Date() });
  await seedAgencies(db);
  setUpPayments(db);
  [admin, senior] = await Promise.all([principalFor(db, 'admin@desertrose.test'), principalFor(db, 'senior@desertrose.test')]);
  const gulfAdmin = await principalFor(db, 'admin@gulfhorizons.test');
  offer = await findOffer(db, 'shared');
  SALE_ADULT = 2 * offer.pricePerAdult!;
  dunesId = await siteWidget(admin, 'Dunes', DUNES.host);
  oasisId = await siteWidget(admin, 'Oasis', OASIS.host);
  await siteWidget(gulfAdmin, 'Gulf', GULF.host);

  dunesNovember = [
    await guestBooking(DUNES, 2, new Date('2026-11-05T10:00:00Z')),
    // 1 November 01:30 in Dubai, still 31 October in UTC: a November booking.
    await guestBooking(DUNES, 1, new Date('2026-10-31T21:30:00Z')),
  ];
  dunesOctober = await guestBooking(DUNES, 3, new Date('2026-10-10T10:00:00Z'));
  oasisNovember = await guestBooking(OASIS, 1, new Date('2026-11-20T10:00:00Z'));
  // Left out: unpaid, before the twelve months (30 November 2025, 23:59 in Dubai), another agency's.
  await guestBooking(DUNES, 1, new Date('2026-11-06T10:00:00Z'), false);
  await guestBooking(DUNES, 1, new Date('2025-11-30T19:59:00Z'));
  await guestBooking(GULF, 4, new Date('2026-11-07T10:00:00Z'));
  // The first day of the window (1 December 2025, 00:00 in Dubai) is in.
  const december = await guestBooking(OASIS, 1, new Date('2025-11-30T20:00:00Z'));
  expect(december.createdAt.toISOString()).toBe('2025-11-30T20:00:00.000Z');

  const date = addDays(new Date().toISOString().slice(0, 10), 20);
  const slot = await prepareSlot(db, offer.id, date, { left: 10 });
  portalReference = (await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, paymentMethod: 'cash' }), { locale: 'en' })).reference;
  await deleteWidget(db, admin, oasisId);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

describe('widget margin report', () => {
  it('sums completed bookings per widget and Dubai month of booking, newest month first, deleted widgets kept', async () => {
    const report = await listWidgetMargins(database.db, senior, NOW);
    expect(report.from).toBe('2025-12');
    expect(report.to).toBe('2026-11');
    expect(report.rows.map(({ month, widgetName, widgetDeleted, bookings: count }) => [month, widgetName, widgetDeleted, count])).toEqual([
      ['2026-11', 'Dunes', false, 2],
      ['2026-11', 'Oasis', true, 1],
      ['2026-10', 'Dunes', false, 1],
      ['2025-12', 'Oasis', true, 1],
    ]);
    expect(report.rows[0]).toMatchObject({ widgetId: dunesId, salesMinor: sales(...dunesNovember), marginMinor: margin(...dunesNovember) });
    expect(report.rows[1]).toMatchObject({ widgetId: oasisId, salesMinor: sales(oasisNovember), marginMinor: margin(oasisNovember) });
    expect(report.rows[2]).toMatchObject({ salesMinor: sales(dunesOctober), marginMinor: margin(dunesOctober) });
    // The guest paid the widget's sale price; the agency's cost is NET, so the margin is their difference.
    expect(dunesOctober.publishedTotalMinor).toBe(3 * SALE_ADULT);
    expect(report.rows[2]?.marginMinor).toBe(3 * (SALE_ADULT - offer.pricePerAdult!));
    expect(report.totals).toEqual({
      bookings: 5,
      salesMinor: report.rows.reduce((sum, row) => sum + row.salesMinor, 0),
      marginMinor: report.rows.reduce((sum, row) => sum + row.marginMinor, 0),
    });
  });

  it('shows another agency only its own widgets, and nothing to an agency without widget bookings', async () => {
    const gulf = await listWidgetMargins(database.db, await principalFor(database.db, 'senior@gulfhorizons.test'), NOW);
    expect(gulf.rows.map((row) => [row.widgetName, row.bookings])).toEqual([['Gulf', 1]]);
    const palm = await listWidgetMargins(database.db, await principalFor(database.db, 'senior@palmcoast.test'), NOW);
    expect(palm).toMatchObject({ rows: [], totals: { bookings: 0, salesMinor: 0, marginMinor: 0 } });
  });

  it('refuses a junior agent', async () => {
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    await expect(listWidgetMargins(database.db, junior, NOW)).rejects.toBeInstanceOf(Forbidden);
  });
});

describe('widget bookings in the booking lists', () => {
  it('carry their widget’s name (a deleted widget’s too); portal bookings none', async () => {
    const { rows } = await listBookings(database.db, senior, 'all', query('onPage=100'));
    const byReference = new Map(rows.map((row) => [row.reference, row.widgetName]));
    expect(byReference.get(dunesOctober.reference)).toBe('Dunes');
    expect(byReference.get(oasisNovember.reference)).toBe('Oasis');
    expect(byReference.get(portalReference)).toBeNull();
    expect(rows.filter((row) => row.widgetName !== null)).toHaveLength(7);
  });

  it('show the widget on the booking page and in the export', async () => {
    expect((await loadBookingDetail(database.db, senior, dunesOctober.reference))?.widgetName).toBe('Dunes');
    expect((await loadBookingDetail(database.db, senior, portalReference))?.widgetName).toBeNull();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await bookingExportResponse(database.db, senior, 'all', query('sort=reference'), 'en')).arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // After the NET column, before the supplier's columns (added last, so the others keep their places).
    expect(header.at(-4)).toBe('Widget');
    const widgetColumn = header.length - 3;
    const exported = new Map(sheet.getSheetValues().slice(2).map((row) => [(row as ExcelJS.CellValue[])[1], (row as ExcelJS.CellValue[])[widgetColumn]]));
    expect(exported.get(dunesOctober.reference)).toBe('Dunes');
    expect(exported.get(portalReference) ?? null).toBeNull();
  });
});
