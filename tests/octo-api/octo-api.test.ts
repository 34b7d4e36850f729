import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import {
  zAvailability,
  zAvailabilityCalendar,
  zAvailabilityCalendarBody,
  zAvailabilityCheckBody,
  zBooking,
  zBookingCancellationBody,
  zBookingConfirmationBody,
  zBookingReservationBody,
  zBookingUpdateBody,
  zCapability,
  zErrorBadRequest,
  zErrorForbidden,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorUnprocessableEntity,
  zExtendReservationBody,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import { GET as getAvailabilityByOffer } from '@/app/api/v1/b2b/availability/ByOffer/route';
import { GET as getCapabilities } from '@/app/api/octo/capabilities/route';
import { POST as postAvailability } from '@/app/api/octo/availability/route';
import { POST as postCalendar } from '@/app/api/octo/availability/calendar/route';
import { GET as listBookings, POST as postBooking } from '@/app/api/octo/bookings/route';
import { GET as getBooking, PATCH as patchBooking } from '@/app/api/octo/bookings/[uuid]/route';
import { POST as postCancel } from '@/app/api/octo/bookings/[uuid]/cancel/route';
import { POST as postConfirm } from '@/app/api/octo/bookings/[uuid]/confirm/route';
import { POST as postExtend } from '@/app/api/octo/bookings/[uuid]/extend/route';
import { GET as getProduct } from '@/app/api/octo/products/[id]/route';
import { GET as getProducts } from '@/app/api/octo/products/route';
import { GET as getSupplier } from '@/app/api/octo/supplier/route';
import { createApiKey } from '@/server/api-access/api-keys';
import { confirmBooking, reserveBooking } from '@/server/octo-api/octo-bookings';
import { reconcilePayments } from '@/server/checkout/settlement';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { installJobQueue } from '@/server/jobs/jobs';
import { bookings, offers, payments, settings } from '@/server/db/schema';
import { loadSettings, saveSettings } from '@/server/settings/settings';
import { resolveCancellationPolicy } from '@/shared/bookings/offer-terms';
import type { ApiScope } from '@/shared/auth/permissions';
import { addDays, agencyBalance, countBookings, DESERT_ROSE, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Our OCTO API for resellers (docs/octo-api.md): every answer and every error parsed with the zod
// schemas of @octocloud/types, every request body we send checked against them too; a booking's
// life (reserve → confirm → cancel) through the portal's own money path; the uuid as the
// idempotency key; one agency's key never reaching another's bookings.

// No session cookie here: a call without a key is a visitor's.
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

type Handler = (request: Request, segment?: { params: Promise<unknown> }) => Promise<Response>;

let database: TestDatabase;
let octoKey: string;
let otherAgencyKey: string;
let offer: Awaited<ReturnType<typeof findOffer>>;
let date: string;
let availabilityId: string;

const CAPABILITIES = { 'octo-capabilities': 'octo/pricing' };

async function keyFor(email: string, scopes: ApiScope[]) {
  const admin = await principalFor(database.db, email);
  return (await createApiKey(database.db, admin, { name: `Reseller ${scopes.join('+')}`, scopes, expiresInDays: 90 })).secret;
}

async function call(handler: Handler, path: string, options: { key?: string | null; json?: unknown; method?: string; params?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const key = options.key === undefined ? octoKey : options.key;
  const headers: Record<string, string> = { ...CAPABILITIES, ...options.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  const request = apiRequest(path, { json: options.json, method: options.method, headers });
  const response = await handler(request, options.params ? segment(options.params) : undefined);
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

function reservation(overrides: Record<string, unknown> = {}) {
  const body = {
    uuid: crypto.randomUUID(),
    productId: offer.tourId,
    optionId: offer.id,
    availabilityId,
    expirationMinutes: 30,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
    resellerReference: `RES-${crypto.randomUUID().slice(0, 8)}`,
    ...overrides,
  };
  // The request we send is one OCTO defines.
  zBookingReservationBody.parse(body);
  return body;
}

/** A reservation on a slot of its own (a day not otherwise booked here), so the tests before it cannot sell it out. */
async function reservationOnOwnSlot(daysAfter: number) {
  const day = addDays(date, daysAfter);
  const slot = await prepareSlot(database.db, offer.id, day, { left: 20 });
  return reservation({ availabilityId: `${offer.id}_${day}T${slot.startTime}` });
}

const CONTACT = { fullName: 'Olga Ivanova', emailAddress: 'olga@example.test', phoneNumber: '+971 50 123 4567' };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  // Jobs the calls send (webhooks, refunds): kept in this database's own queue.
  installJobQueue(new EmbeddedQueue(database.db));
  octoKey = await keyFor('admin@desertrose.test', ['octo']);
  otherAgencyKey = await keyFor('admin@gulfhorizons.test', ['octo']);
  offer = await findOffer(database.db, 'shared');
  date = addDays(new Date().toISOString().slice(0, 10), 30);
  const slot = await prepareSlot(database.db, offer.id, date, { left: 20 });
  availabilityId = `${offer.id}_${date}T${slot.startTime}`;
});
afterAll(async () => {
  installJobQueue(null);
  await database.dispose();
});

describe('the catalogue', () => {
  it('answers the supplier and its capabilities as OCTO defines them, naming back the capabilities asked for', async () => {
    const supplier = await call(getSupplier, '/api/octo/supplier');
    expect(supplier.status).toBe(200);
    expect(zSupplier.parse(supplier.body).endpoint).toBe('http://localhost:3000/api/octo');
    expect(supplier.headers.get('octo-capabilities')).toBe('octo/pricing');
    const capabilities = await call(getCapabilities, '/api/octo/capabilities', { headers: { 'octo-capabilities': '' } });
    expect(zCapability.array().parse(capabilities.body).map((capability) => capability.id)).toEqual(['octo/pricing']);
    expect(capabilities.headers.get('octo-capabilities')).toBe('');
  });

  it('lists tours as products, offers as options, adult/child/infant as units, with retail and NET prices under octo/pricing', async () => {
    const { status, body } = await call(getProducts, '/api/octo/products');
    expect(status).toBe(200);
    const products = zProduct.array().parse(body);
    // The demo's opening-hours ticket (Aquaventure's day pass).
    expect(products.find((candidate) => candidate.reference === 'aquaventure-waterpark')?.availabilityType).toBe('OPENING_HOURS');
    const product = products.find((candidate) => candidate.id === offer.tourId);
    const option = product?.options.find((candidate) => candidate.id === offer.id);
    expect(option?.units.map((unit) => [unit.id, unit.type])).toEqual([
      ['adult', 'ADULT'],
      ['child', 'CHILD'],
      ['infant', 'INFANT'],
    ]);
    const adult = option!.units[0]!.pricingFrom![0]!;
    expect(adult).toMatchObject({ retail: offer.recPricePerAdult, net: offer.pricePerAdult, currency: 'AED', currencyPrecision: 2 });
    // Without octo/pricing, no prices.
    const plain = zProduct.parse((await call(getProduct, `/api/octo/products/${offer.tourId}`, { params: { id: offer.tourId }, headers: { 'octo-capabilities': '' } })).body);
    expect(plain.options[0]!.units[0]!.pricingFrom).toBeUndefined();
  });

  it('serves an opening-hours offer as an OPENING_HOURS product whose one availability a day is open all day', async () => {
    // A per-type offer of another tour than the shared one the other tests book: the whole tour's
    // offers become opening-hours tickets here.
    const [ticket] = await database.db
      .select()
      .from(offers)
      .where(and(eq(offers.stockMode, 'per_type'), eq(offers.hasLiveAvailability, true), isNull(offers.supplierId), isNull(offers.pricePerTrip), ne(offers.pickUp, 'included'), ne(offers.tourId, offer.tourId)))
      .orderBy(asc(offers.id))
      .limit(1);
    if (!ticket) throw new Error('No per-type offer of another tour');
    const ticketDate = addDays(date, 1);
    await database.db.update(offers).set({ availabilityType: 'opening_hours' }).where(eq(offers.tourId, ticket.tourId));
    await prepareSlot(database.db, ticket.id, ticketDate, { left: 30, leftAdults: 20, leftChildren: 10 });
    const product = zProduct.parse((await call(getProduct, `/api/octo/products/${ticket.tourId}`, { params: { id: ticket.tourId } })).body);
    expect(product.availabilityType).toBe('OPENING_HOURS');
    const check = { productId: ticket.tourId, optionId: ticket.id, localDateStart: ticketDate, localDateEnd: ticketDate };
    zAvailabilityCheckBody.parse(check);
    const [availability] = zAvailability.array().parse((await call(postAvailability, '/api/octo/availability', { json: check })).body);
    expect(availability).toMatchObject({ allDay: true, vacancies: 30 });
    expect(availability!.openingHours).toHaveLength(1);
    expect(availability!.localDateTimeStart).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+04:00$/);
  });

  it('answers INVALID_PRODUCT_ID for an unknown product, with the id', async () => {
    const { status, body } = await call(getProduct, '/api/octo/products/nope', { params: { id: 'nope' } });
    expect(status).toBe(400);
    expect(zErrorInvalidProductId.parse(body)).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: 'nope' });
  });
});

describe('availability', () => {
  it('checks a range and names each slot by an id that books it, with its local times and cut-off in the spec’s formats', async () => {
    const check = { productId: offer.tourId, optionId: offer.id, localDateStart: date, localDateEnd: date, units: [{ id: 'adult', quantity: 2 }] };
    zAvailabilityCheckBody.parse(check);
    const { status, body } = await call(postAvailability, '/api/octo/availability', { json: check });
    expect(status).toBe(200);
    const availabilities = zAvailability.array().parse(body);
    const slot = availabilities.find((availability) => availability.id === availabilityId);
    expect(slot).toMatchObject({ available: true, vacancies: 20, allDay: false });
    expect(slot!.utcCutoffAt).toMatch(/Z$/);
    expect(slot!.pricing).toMatchObject({ net: offer.pricePerAdult! * 2 });
    // The same slot asked for by id.
    const byId = await call(postAvailability, '/api/octo/availability', { json: { productId: offer.tourId, optionId: offer.id, availabilityIds: [availabilityId] } });
    expect(zAvailability.array().parse(byId.body).map((availability) => availability.id)).toEqual([availabilityId]);
  });

  it('answers a 30-day calendar, one entry per day, agreeing with the portal’s own availability', async () => {
    const start = addDays(date, -10);
    const end = addDays(start, 29);
    const body = { productId: offer.tourId, optionId: offer.id, localDateStart: start, localDateEnd: end };
    zAvailabilityCalendarBody.parse(body);
    const calendar = zAvailabilityCalendar.array().parse((await call(postCalendar, '/api/octo/availability/calendar', { json: body })).body);
    expect(calendar.map((day) => day.localDate)[0]).toBe(start);
    expect(calendar).toHaveLength(30);
    const key = await keyFor('admin@desertrose.test', ['catalogue']);
    const portal = (await (await getAvailabilityByOffer(apiRequest(`/api/v1/b2b/availability/ByOffer?id=${offer.id}&from=${start}&to=${end}`, { headers: { authorization: `Bearer ${key}` } }))).json()) as {
      days: { date: string }[];
    };
    const open = new Set(portal.days.map((day) => day.date));
    for (const day of calendar) expect(day.status === 'CLOSED' ? false : true).toBe(open.has(day.localDate));
  });

  it('answers INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID and BAD_REQUEST with OCTO’s shapes', async () => {
    const base = { productId: offer.tourId, optionId: offer.id, localDateStart: date, localDateEnd: date };
    const option = await call(postAvailability, '/api/octo/availability', { json: { ...base, optionId: 'DEFAULT' } });
    expect([option.status, zErrorInvalidOptionId.parse(option.body).optionId]).toEqual([400, 'DEFAULT']);
    const unit = await call(postAvailability, '/api/octo/availability', { json: { ...base, units: [{ id: 'senior', quantity: 1 }] } });
    expect([unit.status, zErrorInvalidUnitId.parse(unit.body).unitId]).toEqual([400, 'senior']);
    const unknownSlot = `${offer.id}_${date}T03:17`;
    const slot = await call(postAvailability, '/api/octo/availability', { json: { productId: offer.tourId, optionId: offer.id, availabilityIds: [unknownSlot] } });
    expect([slot.status, zErrorInvalidAvailabilityId.parse(slot.body).availabilityId]).toEqual([400, unknownSlot]);
    const bad = await call(postCalendar, '/api/octo/availability/calendar', { json: { productId: offer.tourId } });
    expect([bad.status, zErrorBadRequest.parse(bad.body).error]).toEqual([400, 'BAD_REQUEST']);
  });
});

describe('a booking over OCTO', () => {
  it('is reserved holding its places unpaid, confirmed from the balance, read, and cancelled with the portal’s refund', async () => {
    const stockBefore = (await prepareSlot(database.db, offer.id, date, { left: 20 })).left;
    const balanceBefore = await agencyBalance(database.db, DESERT_ROSE);
    const body = reservation();
    const reserved = await call(postBooking, '/api/octo/bookings', { json: body });
    expect(reserved.status).toBe(200);
    const held = zBooking.parse(reserved.body);
    expect(held).toMatchObject({ uuid: body.uuid, status: 'ON_HOLD', resellerReference: body.resellerReference, availabilityId, productId: offer.tourId, optionId: offer.id });
    expect(held.unitItems.map((item) => item.unitId)).toEqual(['adult', 'adult', 'child']);
    expect(Date.parse(held.utcExpiresAt!) - Date.now()).toBeGreaterThan(25 * 60_000);
    // Answered from the row the reservation wrote: the same answer as reading it back.
    expect(reserved.body).toEqual((await call(getBooking, `/api/octo/bookings/${body.uuid}`, { params: { uuid: body.uuid } })).body);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect(row).toMatchObject({ agencyId: DESERT_ROSE, status: 'payment_required', holdsStock: true, paidMinor: 0 });
    expect((await slotStock(database.db, row!.slotId!))!.left).toBe(stockBefore - 3);
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore);

    const confirmation = { contact: CONTACT, resellerReference: body.resellerReference };
    zBookingConfirmationBody.parse(confirmation);
    const confirmedAnswer = await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: confirmation, params: { uuid: body.uuid } });
    const confirmed = zBooking.parse(confirmedAnswer.body);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', utcExpiresAt: null, contact: { fullName: 'Olga Ivanova', firstName: 'Olga', lastName: 'Ivanova', emailAddress: 'olga@example.test' } });
    expect(confirmed.voucher?.deliveryOptions[0]?.deliveryValue).toContain(`/api/v1/b2b/bookings/${held.id}/documents/voucher`);
    expect(confirmed.pricing).toMatchObject({ net: row!.netTotalMinor, retail: row!.publishedTotalMinor, currencyPrecision: 2 });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore - row!.netTotalMinor);
    // Confirming again answers the confirmed booking and pays nothing twice.
    const again = await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: confirmation, params: { uuid: body.uuid } });
    expect(zBooking.parse(again.body).status).toBe('CONFIRMED');
    // The first answer, made from what the payment wrote, is the booking as read back.
    expect(again.body).toEqual(confirmedAnswer.body);
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore - row!.netTotalMinor);

    expect(zBooking.parse((await call(getBooking, `/api/octo/bookings/${body.uuid}`, { params: { uuid: body.uuid } })).body).status).toBe('CONFIRMED');
    const listed = await call(listBookings, `/api/octo/bookings?resellerReference=${body.resellerReference}`);
    expect(zBooking.array().parse(listed.body).map((booking) => booking.uuid)).toEqual([body.uuid]);
    const bySupplierReference = await call(listBookings, `/api/octo/bookings?supplierReference=${held.id}`);
    expect(zBooking.array().parse(bySupplierReference.body)).toHaveLength(1);

    const cancellation = { reason: 'Guest changed plans' };
    zBookingCancellationBody.parse(cancellation);
    const cancelled = zBooking.parse((await call(postCancel, `/api/octo/bookings/${body.uuid}/cancel`, { json: cancellation, params: { uuid: body.uuid } })).body);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cancellation?.refund).toMatch(/FULL|PARTIAL/);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore - row!.netTotalMinor + after!.refundMinor!);
    expect((await slotStock(database.db, row!.slotId!))!.left).toBe(stockBefore);
    // A cancelled booking cannot be confirmed: UNPROCESSABLE_ENTITY.
    const late = await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: confirmation, params: { uuid: body.uuid } });
    expect([late.status, zErrorUnprocessableEntity.parse(late.body).error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
  });

  it('extends a reservation, updates its reference, notes and contact, and refuses a change of units', async () => {
    const body = reservation({ expirationMinutes: 5 });
    const held = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    zExtendReservationBody.parse({ expirationMinutes: 60 });
    const extended = zBooking.parse((await call(postExtend, `/api/octo/bookings/${body.uuid}/extend`, { json: { expirationMinutes: 60 }, params: { uuid: body.uuid } })).body);
    expect(Date.parse(extended.utcExpiresAt!)).toBeGreaterThan(Date.parse(held.utcExpiresAt!) + 50 * 60_000);
    const update = { resellerReference: 'RES-UPDATED', notes: 'Window seat', contact: { fullName: 'Ivan Petrov', emailAddress: 'ivan@example.test' } };
    zBookingUpdateBody.parse(update);
    const updated = zBooking.parse((await call(patchBooking, `/api/octo/bookings/${body.uuid}`, { method: 'PATCH', json: update, params: { uuid: body.uuid } })).body);
    expect(updated).toMatchObject({ resellerReference: 'RES-UPDATED', notes: 'Window seat', contact: { fullName: 'Ivan Petrov', emailAddress: 'ivan@example.test' }, status: 'ON_HOLD' });
    const units = await call(patchBooking, `/api/octo/bookings/${body.uuid}`, { method: 'PATCH', json: { unitItems: [{ unitId: 'adult' }] }, params: { uuid: body.uuid } });
    expect([units.status, zErrorUnprocessableEntity.parse(units.body).error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
  });

  it('takes an extension and a cancellation sent with no body at all, as OCTO clients send them', async () => {
    const body = reservation();
    zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    const extended = await call(postExtend, `/api/octo/bookings/${body.uuid}/extend`, { method: 'POST', params: { uuid: body.uuid } });
    expect([extended.status, zBooking.parse(extended.body).status]).toEqual([200, 'ON_HOLD']);
    const cancelled = await call(postCancel, `/api/octo/bookings/${body.uuid}/cancel`, { method: 'POST', params: { uuid: body.uuid } });
    expect([cancelled.status, zBooking.parse(cancelled.body).status]).toEqual([200, 'CANCELLED']);
    // A body of another kind is still refused, in OCTO's shape.
    const request = apiRequest(`/api/octo/bookings/${body.uuid}/cancel`, { method: 'POST', body: 'reason=x', headers: { 'content-type': 'text/plain', authorization: `Bearer ${octoKey}` } });
    const refused = await postCancel(request, segment({ uuid: body.uuid }));
    expect([refused.status, zErrorBadRequest.parse(await refused.json()).error]).toEqual([400, 'BAD_REQUEST']);
  });

  it('expires when its hold is up: shown EXPIRED, its confirmation refused, its places back with the minute’s sweep', async () => {
    const stockBefore = (await prepareSlot(database.db, offer.id, date, { left: 20 })).left;
    const body = reservation();
    const held = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect((await slotStock(database.db, row!.slotId!))!.left).toBe(stockBefore - 3);
    await database.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.reference, held.id));
    expect(zBooking.parse((await call(getBooking, `/api/octo/bookings/${body.uuid}`, { params: { uuid: body.uuid } })).body).status).toBe('EXPIRED');
    const confirm = await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: { contact: CONTACT }, params: { uuid: body.uuid } });
    expect(zErrorUnprocessableEntity.parse(confirm.body).errorMessage).toMatch(/expired/);
    // No job of its own: the reconciliation that runs every minute gives the places back.
    await reconcilePayments(database.db);
    expect((await slotStock(database.db, row!.slotId!))!.left).toBe(stockBefore);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect(after).toMatchObject({ status: 'payment_required', holdsStock: false });
    expect(zBooking.parse((await call(getBooking, `/api/octo/bookings/${body.uuid}`, { params: { uuid: body.uuid } })).body).status).toBe('EXPIRED');
  });

  it('keeps the refund terms in force when reserved, as the portal’s checkout does: the operator’s tiers for a standard policy', async () => {
    const [offerRow] = await database.db.select({ cancellationPolicy: offers.cancellationPolicy }).from(offers).where(eq(offers.id, offer.id));
    const tiers = { moreThan48h: 90, between24hAnd48h: 40, lessThan24h: 10 };
    // A slot of its own, so the places these take leave the other tests' slot alone.
    const ownDate = addDays(date, 3);
    const ownSlot = await prepareSlot(database.db, offer.id, ownDate, { left: 20 });
    const onOwnSlot = () => reservation({ availabilityId: `${offer.id}_${ownDate}T${ownSlot.startTime}` });
    const policyOf = async (id: string) => (await database.db.select({ policy: bookings.cancellationPolicy }).from(bookings).where(eq(bookings.reference, id)))[0]!.policy;
    // The operator's tiers apply to an offer with the standard policy.
    await database.db.update(offers).set({ cancellationPolicy: { kind: 'standard' } }).where(eq(offers.id, offer.id));
    try {
      const standard = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: onOwnSlot() })).body);
      expect(await policyOf(standard.id)).toEqual({ kind: 'tiers', tiers: (await loadSettings(database.db)).refundTiers });
      await saveSettings(database.db, { refundTiers: tiers });
      const changed = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: onOwnSlot() })).body);
      expect(await policyOf(changed.id)).toEqual({ kind: 'tiers', tiers });
    } finally {
      await database.db.delete(settings).where(eq(settings.key, 'refundTiers'));
      await database.db.update(offers).set({ cancellationPolicy: offerRow!.cancellationPolicy }).where(eq(offers.id, offer.id));
    }
    // The offer's own terms otherwise, as resolved for the portal's checkout.
    const own = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: onOwnSlot() })).body);
    expect(await policyOf(own.id)).toEqual(resolveCancellationPolicy(offerRow!.cancellationPolicy, (await loadSettings(database.db)).refundTiers));
  });

  it('refuses a sold-out slot as UNPROCESSABLE_ENTITY and an unknown unit as INVALID_UNIT_ID', async () => {
    const soldOutDate = addDays(date, 2);
    const slot = await prepareSlot(database.db, offer.id, soldOutDate, { left: 1 });
    const full = await call(postBooking, '/api/octo/bookings', { json: reservation({ availabilityId: `${offer.id}_${soldOutDate}T${slot.startTime}` }) });
    expect([full.status, zErrorUnprocessableEntity.parse(full.body).error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
    const unit = await call(postBooking, '/api/octo/bookings', { json: reservation({ unitItems: [{ unitId: 'pet' }] }) });
    expect(zErrorInvalidUnitId.parse(unit.body).unitId).toBe('pet');
  });
});

describe('the uuid as the idempotency key', () => {
  it('books once however often, and however concurrently, the same reservation is sent', async () => {
    const body = reservation();
    const before = await countBookings(database.db, DESERT_ROSE);
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(postBooking, '/api/octo/bookings', { json: body })));
    const replay = await call(postBooking, '/api/octo/bookings', { json: body });
    const ids = [...answers, replay].map((answer) => zBooking.parse(answer.body).id);
    expect(new Set(ids).size).toBe(1);
    expect(await countBookings(database.db, DESERT_ROSE)).toBe(before + 1);
  });

  it('pays once when the same confirmation is sent several times at once, every answer the confirmed booking', async () => {
    const body = reservation();
    const held = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    const balanceBefore = await agencyBalance(database.db, DESERT_ROSE);
    const confirm = () => call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: { contact: CONTACT }, params: { uuid: body.uuid } });
    const answers = await Promise.all([1, 2, 3, 4].map(confirm));
    expect(answers.map((answer) => [answer.status, zBooking.parse(answer.body).status])).toEqual(Array(4).fill([200, 'CONFIRMED']));
    const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore - row!.netTotalMinor);
    expect(row).toMatchObject({ status: 'completed', paidMinor: row!.netTotalMinor, guestName: CONTACT.fullName, guestEmail: CONTACT.emailAddress });
  });

  it('refuses a confirmation while a provider payment of the reservation is still processing, and debits nothing', async () => {
    const body = await reservationOnOwnSlot(1);
    const held = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    const amount = { amountMinor: row!.netTotalMinor, currency: 'AED', baseAmountMinor: row!.netTotalMinor };
    await database.db.insert(payments).values({ agencyId: DESERT_ROSE, bookingId: row!.id, purpose: 'booking', provider: 'sandbox', method: 'card', status: 'processing', ...amount });
    const balanceBefore = await agencyBalance(database.db, DESERT_ROSE);
    const refused = await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { json: { contact: CONTACT }, params: { uuid: body.uuid } });
    expect([refused.status, zErrorUnprocessableEntity.parse(refused.body).error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(balanceBefore);
    const [after] = await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, row!.id));
    expect(after?.status).toBe('payment_required');
  });

  it('answers INVALID_BOOKING_UUID for a uuid already used by another reservation', async () => {
    const body = reservation();
    await call(postBooking, '/api/octo/bookings', { json: body });
    const reused = await call(postBooking, '/api/octo/bookings', { json: { ...body, unitItems: [{ unitId: 'adult' }] } });
    expect([reused.status, zErrorInvalidBookingUuid.parse(reused.body).uuid]).toEqual([400, body.uuid]);
  });
});

describe('security', () => {
  it('never lets one agency’s key see or change another’s booking: OCTO’s INVALID_BOOKING_UUID, as for a uuid never made', async () => {
    const body = reservation();
    const held = zBooking.parse((await call(postBooking, '/api/octo/bookings', { json: body })).body);
    const params = { uuid: body.uuid };
    const attempts = [
      await call(getBooking, `/api/octo/bookings/${body.uuid}`, { key: otherAgencyKey, params }),
      await call(postConfirm, `/api/octo/bookings/${body.uuid}/confirm`, { key: otherAgencyKey, json: { contact: CONTACT }, params }),
      await call(postExtend, `/api/octo/bookings/${body.uuid}/extend`, { key: otherAgencyKey, json: {}, params }),
      await call(patchBooking, `/api/octo/bookings/${body.uuid}`, { key: otherAgencyKey, method: 'PATCH', json: { notes: 'x' }, params }),
      await call(postCancel, `/api/octo/bookings/${body.uuid}/cancel`, { key: otherAgencyKey, json: {}, params }),
    ];
    for (const attempt of attempts) expect([attempt.status, zErrorInvalidBookingUuid.parse(attempt.body)]).toEqual([400, expect.objectContaining({ error: 'INVALID_BOOKING_UUID', uuid: body.uuid })]);
    const list = await call(listBookings, `/api/octo/bookings?resellerReference=${body.resellerReference}`, { key: otherAgencyKey });
    expect(zBooking.array().parse(list.body)).toEqual([]);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.reference, held.id));
    expect(row).toMatchObject({ status: 'payment_required', notes: null });
  });

  it('confirms, for a role that sees only its own bookings, only its own reservation (the locked read keeps the booking scope)', async () => {
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    const options = { pricing: false, origin: 'http://localhost:3000' };
    // The agency's admin (the key) reserved this one: not the junior's to confirm.
    const theirs = await reservationOnOwnSlot(2);
    await call(postBooking, '/api/octo/bookings', { json: theirs });
    await expect(confirmBooking(database.db, junior, theirs.uuid, { contact: CONTACT }, options)).rejects.toMatchObject({ error: 'INVALID_BOOKING_UUID' });
    const own = await reservationOnOwnSlot(2);
    await reserveBooking(database.db, junior, own, options);
    expect(zBooking.parse(await confirmBooking(database.db, junior, own.uuid, { contact: CONTACT }, options)).status).toBe('CONFIRMED');
    const [row] = await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.idempotencyKey, theirs.uuid));
    expect(row?.status).toBe('payment_required');
  });

  it('needs a key (401 UNAUTHORIZED) with the octo scope (403 FORBIDDEN); an octo key calls no /api/v1 route', async () => {
    const none = await call(getProducts, '/api/octo/products', { key: null });
    expect([none.status, zErrorUnauthorized.parse(none.body).error]).toEqual([401, 'UNAUTHORIZED']);
    const unknown = await call(getProducts, '/api/octo/products', { key: `td_live_${'A'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    const others = await keyFor('admin@desertrose.test', ['catalogue', 'book', 'bookings', 'balance', 'agency']);
    for (const handler of [getProducts, getSupplier]) {
      const refused = await call(handler, '/api/octo/products', { key: others });
      expect([refused.status, zErrorForbidden.parse(refused.body).error]).toEqual([403, 'FORBIDDEN']);
    }
    const reserve = await call(postBooking, '/api/octo/bookings', { key: others, json: reservation() });
    expect(reserve.status).toBe(403);
    const v1 = await getAvailabilityByOffer(apiRequest(`/api/v1/b2b/availability/ByOffer?id=${offer.id}&from=${date}&to=${date}`, { headers: { authorization: `Bearer ${octoKey}` } }));
    expect(v1.status).toBe(403);
  });
});
