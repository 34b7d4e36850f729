import { and, asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { GET as getAvailabilityByOffer } from '@/app/api/v1/b2b/availability/ByOffer/route';
import type { OfferAvailability } from '@/server/availability/queries';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { loadBookingDetail, loadBookingDocument } from '@/server/bookings/queries';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { returnFromProvider } from '@/server/checkout/settlement';
import { placeBooking } from '@/server/checkout/place-booking';
import { categories, cities, ledgerEntries, offers, paymentRefunds, payments, supplierProducts, suppliers, tourCategories, tours } from '@/server/db/schema';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { listOpenRequests } from '@/server/ops/requests/request-queries';
import { requestFiltersSchema } from '@/server/ops/requests/request-schema';
import { processRefund } from '@/server/payments/refunds';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { addSupplierAction, publishProductAction, saveOptionMappingAction, saveProductMappingAction, syncSupplierAction } from '@/server/ops/suppliers/supplier-actions';
import { loadSupplierProduct } from '@/server/ops/suppliers/supplier-queries';
import { breakerState } from '@/server/suppliers/breaker';
import { flushSupplierCallStats } from '@/server/suppliers/call-stats';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import { addDays, checkoutInput, principalFor } from '../support/booking-fixtures';
import { CATALOGUE } from '../support/octo-supplier/catalogue';
import { type OctoSupplierHandle, startOctoSupplier } from '../support/octo-supplier/server';
import { agentRequest, serveRoutesFrom, session, staffSession } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { staffFor } from '../ops/ops-fixtures';
import { bookingRow, clearQueuedJobs, forgetPayments, paymentRow, PLACE, setUpPayments } from '../payments/payment-fixtures';

// The whole supplier journey in one chain, against the local OCTO supplier over HTTP, the
// sandbox gateway and a real database (PGlite and PostgreSQL), with production code only: an
// operator admin adds the supplier (connection tested), syncs it (drafts), maps and publishes one
// product of each availability type; an agent sees its live slots through the picker's route at
// the prices the margin computed, books by card (held at the supplier, confirmed when the payment
// settles, its reference on the voucher); a refused confirm is released and refunded; the supplier
// going down makes the offer "on request" and a checkout a quotation request; a cancellation
// reaches the supplier and the refund follows. Each step builds on the one before.

vi.mock('next/cache', async (original) => ({ ...(await original<object>()), revalidateTag: () => undefined, refresh: () => undefined }));
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
let octo: OctoSupplierHandle;
let admin: StaffPrincipal;

const AGENT = 'senior@gulfhorizons.test';
const today = new Date().toISOString().slice(0, 10);
/** Far enough ahead that a cancellation is refunded in its most generous tier. */
const SAFARI_DATE = addDays(today, 45);
const DECK_DATE = addDays(today, 47);

/** What the journey learns as it goes. */
const journey = {
  supplierId: '',
  safari: { productId: '', tourId: '', slug: '', offerId: '' },
  deck: { productId: '', tourId: '', slug: '', offerId: '' },
  first: { reference: '', paymentId: '' },
};

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

const agent = () => principalFor(database.db, AGENT);
const atSupplier = (uuid: string | null) => octo.bookings().find((booking) => booking.uuid === uuid);
const catalogueUnit = (productId: string, unitId: string) =>
  CATALOGUE.find((product) => product.id === productId)!
    .options.flatMap((option) => option.units)
    .find((unit) => unit.id === unitId)!;

/** The picker's month through its own route (spec §7 ByOffer), as the signed-in agent. */
async function pickerAvailability(offerId: string, from: string, to: string): Promise<OfferAvailability> {
  session.principal = await agent();
  const response = await getAvailabilityByOffer(agentRequest(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`));
  expect(response.status).toBe(200);
  return (await response.json()) as OfferAvailability;
}

async function place(input: CheckoutInput) {
  return placeBooking(database.db, { principal: await agent(), locale: 'en', place: () => PLACE }, input);
}

/** A card checkout paid in the sandbox and returned from: the settlement confirms at the supplier. */
async function payByCard(input: CheckoutInput, beforeReturn?: () => void) {
  const placed = await place({ ...input, paymentMethod: 'card' });
  expect(placed).toMatchObject({ status: 'payment_required', payment: { nextAction: { kind: 'redirect' } } });
  const held = await bookingRow(database.db, placed.reference);
  // Held at the supplier while the card is paid.
  expect(held.supplierStatus).toBe('on_hold');
  expect(atSupplier(held.supplierBookingUuid)?.status).toBe('ON_HOLD');
  const chargeId = placed.payment!.nextAction.kind === 'redirect' ? placed.payment!.nextAction.url.split('/').pop()! : '';
  await payWithSandboxCard(database.db, chargeId, '4242 4242 4242 4242');
  beforeReturn?.();
  await returnFromProvider(database.db, await agent(), placed.payment!.paymentId);
  return { reference: placed.reference, paymentId: placed.payment!.paymentId, held };
}

/** The voucher PDF as the agent downloads it: its text and how many images (drawn codes) it holds. */
async function readVoucher(reference: string): Promise<{ text: string; images: number }> {
  const doc = await loadBookingDocument(database.db, await agent(), reference);
  expect(doc).not.toBeNull();
  const parser = new PDFParse({ data: new Uint8Array(await renderVoucherPdf(doc!)) });
  try {
    const text = (await parser.getText()).text;
    const images = await parser.getImage({ imageThreshold: 0, imageBuffer: false, imageDataUrl: false });
    return { text, images: images.pages.reduce((sum, page) => sum + page.images.length, 0) };
  } finally {
    await parser.destroy();
  }
}

/** Sends the refund job's work now (the queue would run it) and answers the refund after it. */
async function sentRefund(paymentId: string, reason: string) {
  const [pending] = await database.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.reason, reason)));
  expect(pending).toBeDefined();
  await processRefund(database.db, pending!.id);
  const [sent] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, pending!.id));
  return sent!;
}

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  setUpPayments(database.db);
  await clearQueuedJobs(database.db);
  octo = await startOctoSupplier();
  admin = await staffFor(database.db, 'ops-admin@traveldesk.test');
});
afterAll(async () => {
  forgetPayments();
  await octo?.close();
  // The call counts are written a few seconds after the calls: before the database goes.
  if (database) await flushSupplierCallStats(database.db);
  await database?.dispose();
  vi.unstubAllEnvs();
  session.principal = null;
  staffSession.staff = null;
});

describe('the supplier journey', () => {
  it('an operator admin adds the supplier: the connection is tested before anything is stored', async () => {
    staffSession.staff = admin;
    const asked = octo.requests.length;
    const answer = await addSupplierAction(
      null,
      form({ name: 'Journey Dunes', baseUrl: octo.url, apiKey: octo.apiKey, currency: 'AED', capabilities: ['octo/pricing', 'octo/content'] }),
    ).catch((error: unknown) => error);
    // Saved: the action redirects to the supplier's page.
    expect(String((answer as Error).message ?? answer)).toContain('NEXT_REDIRECT');
    expect(octo.requests.slice(asked).map((request) => request.operation)).toContain('Suppliers_get');
    const [row] = await database.db.select().from(suppliers).where(eq(suppliers.name, 'Journey Dunes'));
    expect(row).toMatchObject({ baseUrl: octo.url.replace(/\/+$/, ''), currency: 'AED', apiKeyHint: octo.apiKey.slice(-4) });
    expect(row!.apiKeySealed).not.toContain(octo.apiKey);
    journey.supplierId = row!.id;
  });

  it('syncs it: every product imported as a draft tour with inactive offers', async () => {
    staffSession.staff = admin;
    expect(await syncSupplierAction(null, form({ supplierId: journey.supplierId }))).toEqual({ ok: true, data: { imported: CATALOGUE.length, changed: 0, withdrawn: 0 } });
    const products = await database.db.select().from(supplierProducts).where(eq(supplierProducts.supplierId, journey.supplierId));
    expect(products.map((product) => [product.externalId, product.status]).sort()).toEqual([
      ['desert-safari', 'draft'],
      ['sky-deck', 'draft'],
    ]);
    for (const product of products) {
      const [tour] = await database.db.select().from(tours).where(eq(tours.id, product.tourId!));
      expect(tour!.isActive).toBe(false);
      const tourOffers = await database.db.select().from(offers).where(eq(offers.tourId, product.tourId!));
      expect(tourOffers.every((offer) => !offer.isActive && offer.supplierId === journey.supplierId)).toBe(true);
      const target = product.externalId === 'desert-safari' ? journey.safari : journey.deck;
      Object.assign(target, { productId: product.id, tourId: tour!.id, slug: tour!.slug });
    }
  });

  it('maps one product of each availability type (titles, city, category, margin, units) and publishes it', async () => {
    staffSession.staff = admin;
    const { db } = database;
    const [city] = await db.select({ id: cities.id }).from(cities).orderBy(asc(cities.sortOrder)).limit(1);
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);

    // START_TIME: the safari's morning option, 10 % over net, the supplier's own retail.
    const safari = await loadSupplierProduct(db, admin, journey.supplierId, journey.safari.productId);
    expect(
      await saveProductMappingAction(
        null,
        form({ productId: journey.safari.productId, titleEn: 'Desert safari', titleRu: 'Сафари в пустыне', cityId: city!.id, categoryId: category!.id, netMarkupPercent: '10', retail: 'supplier', retailMarkupPercent: '' }),
      ),
    ).toEqual({ ok: true, data: { id: journey.safari.productId } });
    const morning = safari.offers.find((offer) => offer.optionId === 'morning')!;
    expect(
      await saveOptionMappingAction(
        null,
        form({ productId: journey.safari.productId, offerId: morning.id, nameEn: 'Morning', nameRu: 'Утро', unitAdult: 'morning-adult', unitChild: 'morning-child', unitInfant: 'morning-infant' }),
      ),
    ).toEqual({ ok: true, data: { id: journey.safari.productId } });
    journey.safari.offerId = morning.id;

    // OPENING_HOURS: the deck's ticket, 15 % over net, retail 30 % over net.
    const deck = await loadSupplierProduct(db, admin, journey.supplierId, journey.deck.productId);
    expect(
      await saveProductMappingAction(
        null,
        form({ productId: journey.deck.productId, titleEn: 'Sky deck', titleRu: 'Смотровая площадка', cityId: city!.id, categoryId: category!.id, netMarkupPercent: '15', retail: 'markup', retailMarkupPercent: '30' }),
      ),
    ).toEqual({ ok: true, data: { id: journey.deck.productId } });
    const ticket = deck.offers[0]!;
    expect(
      await saveOptionMappingAction(
        null,
        form({ productId: journey.deck.productId, offerId: ticket.id, nameEn: 'Admission', nameRu: 'Вход', unitAdult: 'deck-adult', unitChild: 'deck-child', unitInfant: '' }),
      ),
    ).toEqual({ ok: true, data: { id: journey.deck.productId } });
    journey.deck.offerId = ticket.id;

    for (const product of [journey.safari, journey.deck]) {
      expect(await publishProductAction(null, form({ productId: product.productId }))).toEqual({ ok: true, data: { id: product.productId } });
      const [tour] = await db.select().from(tours).where(eq(tours.id, product.tourId));
      expect(tour).toMatchObject({ isActive: true, cityId: city!.id });
      expect(await db.select().from(tourCategories).where(eq(tourCategories.tourId, product.tourId))).toEqual([{ tourId: product.tourId, categoryId: category!.id }]);
      const [row] = await db.select({ status: supplierProducts.status }).from(supplierProducts).where(eq(supplierProducts.id, product.productId));
      expect(row!.status).toBe('published');
    }
    const [safariTour] = await db.select().from(tours).where(eq(tours.id, journey.safari.tourId));
    expect(safariTour!.title).toEqual({ en: 'Desert safari', ru: 'Сафари в пустыне' });

    const net = (unit: string) => catalogueUnit(unit.startsWith('deck') ? 'sky-deck' : 'desert-safari', unit).net;
    const retail = (unit: string) => catalogueUnit('desert-safari', unit).retail;
    const [morningOffer] = await db.select().from(offers).where(eq(offers.id, journey.safari.offerId));
    expect(morningOffer).toMatchObject({
      isActive: true,
      availabilityType: 'start_time',
      supplierUnits: { adult: 'morning-adult', child: 'morning-child', infant: 'morning-infant' },
      pricePerAdult: Math.round(net('morning-adult') * 1.1),
      pricePerChild: Math.round(net('morning-child') * 1.1),
      recPricePerAdult: retail('morning-adult'),
      recPricePerChild: retail('morning-child'),
    });
    const [deckOffer] = await db.select().from(offers).where(eq(offers.id, journey.deck.offerId));
    expect(deckOffer).toMatchObject({
      isActive: true,
      availabilityType: 'opening_hours',
      supplierUnits: { adult: 'deck-adult', child: 'deck-child', infant: null },
      pricePerAdult: Math.round(net('deck-adult') * 1.15),
      pricePerChild: Math.round(net('deck-child') * 1.15),
      recPricePerAdult: Math.round(net('deck-adult') * 1.3),
      recPricePerChild: Math.round(net('deck-child') * 1.3),
    });
  });

  it('the agent sees the supplier’s live slots through the picker’s route, at the prices the margin computed', async () => {
    const safari = await pickerAvailability(journey.safari.offerId, addDays(SAFARI_DATE, -1), addDays(SAFARI_DATE, 1));
    expect(safari).toMatchObject({ offerId: journey.safari.offerId, hasLiveAvailability: true });
    expect(safari.onRequestReason).toBeUndefined();
    const safariDay = safari.days.find((day) => day.date === SAFARI_DATE);
    expect(safariDay?.slots).toMatchObject([{ time: '09:00', left: 10, pastCutOff: false }]);
    // The opening-hours ticket: one slot a day, at the time the deck opens.
    const deck = await pickerAvailability(journey.deck.offerId, addDays(DECK_DATE, -1), addDays(DECK_DATE, 1));
    expect(deck.days.find((day) => day.date === DECK_DATE)?.slots).toMatchObject([{ time: '10:00', left: 200 }]);
    // Asked of the supplier, parsed with OCTO's schemas both ways.
    expect(octo.requests.filter((request) => request.operation === 'Availabilities_AvailabilityCheck').length).toBeGreaterThanOrEqual(2);
    expect(octo.requests.every((request) => request.valid)).toBe(true);

    // The b2b prices the agent is shown on the tour page are the margin's (10 % over each option's net).
    const details = await getAgentTourDetails(database.db, await agent(), journey.safari.slug);
    const safariOffers = await database.db.select({ id: offers.id, option: offers.supplierOptionId }).from(offers).where(eq(offers.tourId, journey.safari.tourId));
    expect(details?.b2b).toHaveLength(safariOffers.length);
    for (const { id, option } of safariOffers) {
      const net = (unit: string) => catalogueUnit('desert-safari', `${option}-${unit}`).net;
      expect(details!.b2b).toContainEqual({ offerId: id, prices: { adult: Math.round(net('adult') * 1.1), child: Math.round(net('child') * 1.1), trip: null } });
    }
  });

  it('books by card: held at the supplier, confirmed when the payment settles, its reference on the voucher', async () => {
    const { db } = database;
    const input = checkoutInput({ offerId: journey.safari.offerId, date: SAFARI_DATE, time: '09:00', adults: 2, children: 1 });
    const paid = await payByCard(input);
    journey.first = { reference: paid.reference, paymentId: paid.paymentId };
    expect(paid.held.holdExpiresAt!.getTime()).toBeLessThanOrEqual(paid.held.supplierHoldExpiresAt!.getTime());

    const row = await bookingRow(db, paid.reference);
    const there = atSupplier(row.supplierBookingUuid);
    expect(there).toMatchObject({ status: 'CONFIRMED', resellerReference: paid.reference });
    expect(there!.unitItems.map((item) => item.unitId).sort()).toEqual(['morning-adult', 'morning-adult', 'morning-child']);
    expect(row).toMatchObject({ status: 'completed', supplierId: journey.supplierId, supplierStatus: 'confirmed', supplierReference: there!.supplierReference, supplierError: null, startTime: '09:00' });
    expect(row.supplierReference).toBeTruthy();
    // Priced at the margin's b2b rates, and that is what the card paid.
    const [offer] = await db.select().from(offers).where(eq(offers.id, journey.safari.offerId));
    expect(row.netTotalMinor).toBe(2 * offer!.pricePerAdult! + offer!.pricePerChild!);
    const payment = await paymentRow(db, paid.paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', bookingId: row.id });
    expect(payment.amountMinor).toBe(row.netTotalMinor);

    const voucher = await readVoucher(paid.reference);
    expect(voucher.text).toContain('Supplier reference');
    expect(voucher.text).toContain(row.supplierReference!);
    // The supplier's own codes (QR: the booking's voucher and one per guest) kept on the booking and drawn on the voucher.
    const ref = row.supplierReference!;
    expect(row.supplierTickets!.map((ticket) => ticket.code).sort()).toEqual([ref, `${ref}-1`, `${ref}-2`, `${ref}-3`]);
    expect(row.supplierTickets!.every((ticket) => ticket.format === 'QRCODE')).toBe(true);
    expect(voucher.images).toBe(row.supplierTickets!.length);
    // And on the booking page.
    expect((await loadBookingDetail(db, await agent(), paid.reference))?.supplier).toEqual({ reference: ref, status: 'confirmed', codes: row.supplierTickets });
    // The slot's seats are taken at the supplier: the picker, asked again, shows three fewer.
    const after = await pickerAvailability(journey.safari.offerId, addDays(SAFARI_DATE, -1), addDays(SAFARI_DATE, 1));
    expect(after.days.find((day) => day.date === SAFARI_DATE)?.slots[0]?.left).toBe(7);
  });

  it('a confirm the supplier refuses on a second booking: released there, refunded whole, not confirmed', async () => {
    const { db } = database;
    const input = checkoutInput({ offerId: journey.deck.offerId, date: DECK_DATE, time: '10:00', adults: 2 });
    const paid = await payByCard(input, () => octo.failNextConfirm());

    const row = await bookingRow(db, paid.reference);
    expect(row).toMatchObject({ status: 'payment_failed', supplierStatus: 'failed', supplierReference: null });
    expect(row.supplierError).toMatch(/rejected|UNPROCESSABLE/i);
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect((await loadBookingDetail(db, await agent(), paid.reference))?.supplier).toMatchObject({ reference: null, status: 'failed' });
    const payment = await paymentRow(db, paid.paymentId);
    const refund = await sentRefund(paid.paymentId, 'supplierRefused');
    expect(refund).toMatchObject({ amountMinor: payment.amountMinor, status: 'succeeded' });
    expect((await paymentRow(db, paid.paymentId)).refundedMinor).toBe(payment.amountMinor);
    // A card payment never touched the agency's balance: nothing on its ledger for this booking.
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.bookingId, row.id))).toBe(0);
    // The deck's tickets went back at the supplier.
    const deck = await pickerAvailability(journey.deck.offerId, addDays(DECK_DATE, -1), addDays(DECK_DATE, 1));
    expect(deck.days.find((day) => day.date === DECK_DATE)?.slots[0]?.left).toBe(200);
  });

  it('the supplier going down: its offer answers "on request" without an error, and a checkout becomes a quotation request with the reason', async () => {
    const { db } = database;
    octo.setDown(true);
    try {
      // A month nobody asked for yet: nothing cached to fall back on.
      const date = addDays(SAFARI_DATE, 35);
      const started = Date.now();
      const availability = await pickerAvailability(journey.safari.offerId, addDays(date, -1), addDays(date, 1));
      expect(availability).toMatchObject({ offerId: journey.safari.offerId, hasLiveAvailability: false, days: [], onRequestReason: 'supplierUnavailable' });
      // Never longer than the connector's time limit (3 s), with a margin for a loaded machine.
      expect(Date.now() - started).toBeLessThan(6_000);

      const placed = await place(checkoutInput({ offerId: journey.safari.offerId, date, time: '09:00', adults: 2, paymentMethod: 'card' }));
      expect(placed).toMatchObject({ status: 'quotation_request', payment: null });
      const row = await bookingRow(db, placed.reference);
      expect(row).toMatchObject({ status: 'quotation_request', requestReason: 'supplierUnavailable', paymentMethod: 'request', supplierId: journey.supplierId, supplierBookingUuid: null, supplierStatus: null });
      expect(row.supplierError).toMatch(/timeout|unavailable|circuit_open/);
      expect(await db.$count(payments, eq(payments.bookingId, row.id))).toBe(0);
      expect(octo.bookings().some((booking) => booking.resellerReference === placed.reference)).toBe(false);
      // In the operator's queue under "Supplier unavailable".
      const { rows } = await listOpenRequests(db, await staffFor(db, 'operator@traveldesk.test'), requestFiltersSchema.parse({ reason: 'supplierUnavailable' }));
      expect(rows.map((request) => request.reference)).toContain(placed.reference);
    } finally {
      octo.setDown(false);
    }
  });

  it('a cancellation of the first booking reaches the supplier first, and the refund follows', async () => {
    const { db } = database;
    // Two calls timed out above: fewer than the breaker needs to open, so the supplier is asked at once.
    expect(breakerState(journey.supplierId).state).toBe('closed');
    const before = await bookingRow(db, journey.first.reference);
    expect(atSupplier(before.supplierBookingUuid)?.status).toBe('CONFIRMED');

    const quote = await cancelBooking(db, await agent(), journey.first.reference);
    const row = await bookingRow(db, journey.first.reference);
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect(octo.requests.at(-1)?.operation).toBe('Bookings_BookingCancellation');
    expect(row).toMatchObject({ status: 'cancelled', supplierStatus: 'cancelled', refundMinor: quote.refundMinor });
    expect(quote.refundMinor).toBeGreaterThan(0);
    expect(quote.refundMinor).toBeLessThanOrEqual((await paymentRow(db, journey.first.paymentId)).amountMinor);

    const refund = await sentRefund(journey.first.paymentId, 'cancellation');
    expect(refund).toMatchObject({ amountMinor: quote.refundMinor, status: 'succeeded' });
    expect((await paymentRow(db, journey.first.paymentId)).refundedMinor).toBe(quote.refundMinor);
  });
});
