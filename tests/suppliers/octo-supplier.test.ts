import { randomUUID } from 'node:crypto';
import {
  zBookingsGetBookingsResponse,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zBaseError,
  zAvailabilitiesAvailabilityCalendarResponse,
  zProductsGetProductsResponse,
} from '@octocloud/types/dist/models/zod.gen.js';
import { startOctoSupplier, type OctoSupplierHandle } from '@/tests/support/octo-supplier/server';

// The local OCTO supplier itself, spoken to over plain HTTP as any reseller would: it answers as
// OCTO's specification says (its answers and errors parse with the schemas of @octocloud/types), so
// the tests that trust it test against OCTO, not against our reading of it.

let supplier: OctoSupplierHandle;
let clock = new Date();

beforeAll(async () => {
  supplier = await startOctoSupplier({ now: () => clock });
});
afterAll(async () => {
  await supplier.close();
});

async function octo(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${supplier.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${supplier.apiKey}`, 'octo-capabilities': 'octo/pricing', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function inDays(days: number): string {
  return new Date(clock.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('the local OCTO supplier', () => {
  it('answers with and without a trailing slash, in OCTO’s shapes', async () => {
    const plain = await octo('GET', '/products');
    const slashed = await octo('GET', '/products/');
    expect(plain.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
    expect(zProductsGetProductsResponse.safeParse(plain.body).success).toBe(true);
    const calendar = await octo('POST', '/availability/calendar', { productId: 'sky-deck', optionId: 'DEFAULT', localDateStart: inDays(1), localDateEnd: inDays(30) });
    expect(zAvailabilitiesAvailabilityCalendarResponse.safeParse(calendar.body).success).toBe(true);
    expect(calendar.body).toHaveLength(30);
  });

  it('refuses a missing key with 401 and a wrong one with 403', async () => {
    const missing = await octo('GET', '/products', undefined, { authorization: '' });
    expect([missing.status, zBaseError.parse(missing.body).error]).toEqual([401, 'UNAUTHORIZED']);
    const wrong = await octo('GET', '/products', undefined, { authorization: 'Bearer nope' });
    expect([wrong.status, zBaseError.parse(wrong.body).error]).toEqual([403, 'FORBIDDEN']);
  });

  it('answers OCTO’s errors with the offending id, and BAD_REQUEST for a request outside the schema', async () => {
    const product = await octo('POST', '/availability', { productId: 'nope', optionId: 'DEFAULT', localDateStart: inDays(1), localDateEnd: inDays(1) });
    expect(product.status).toBe(400);
    expect(zErrorInvalidProductId.parse(product.body)).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: 'nope' });
    const option = await octo('POST', '/availability', { productId: 'sky-deck', optionId: 'nope', localDateStart: inDays(1), localDateEnd: inDays(1) });
    expect(zErrorInvalidOptionId.parse(option.body)).toMatchObject({ error: 'INVALID_OPTION_ID', optionId: 'nope' });
    const unit = await octo('POST', '/bookings', { uuid: randomUUID(), productId: 'sky-deck', optionId: 'DEFAULT', availabilityId: `${inDays(1)}T00:00:00+04:00`, unitItems: [{ unitId: 'nope' }] });
    expect(zErrorInvalidUnitId.parse(unit.body)).toMatchObject({ error: 'INVALID_UNIT_ID', unitId: 'nope' });
    const availability = await octo('POST', '/bookings', { uuid: randomUUID(), productId: 'sky-deck', optionId: 'DEFAULT', availabilityId: 'nope', unitItems: [{ unitId: 'deck-adult' }] });
    expect(zErrorInvalidAvailabilityId.parse(availability.body)).toMatchObject({ error: 'INVALID_AVAILABILITY_ID', availabilityId: 'nope' });
    const uuid = randomUUID();
    const booking = await octo('GET', `/bookings/${uuid}`);
    expect(zErrorInvalidBookingUuid.parse(booking.body)).toMatchObject({ error: 'INVALID_BOOKING_UUID', uuid });
    const malformed = await octo('POST', '/bookings', { productId: 'sky-deck', unitItems: 'all of them' });
    expect([malformed.status, zBaseError.parse(malformed.body).error]).toEqual([400, 'BAD_REQUEST']);
    expect(supplier.requests.at(-1)).toMatchObject({ operation: 'Bookings_BookingReservation', valid: false });
  });

  it('holds places until the hold expires, and finds bookings by reference', async () => {
    const availabilityId = `${inDays(2)}T09:00:00+04:00`;
    const vacancies = async () => {
      const { body } = await octo('POST', '/availability', { productId: 'desert-safari', optionId: 'morning', availabilityIds: [availabilityId] });
      return (body as { vacancies: number }[])[0]!.vacancies;
    };
    const before = await vacancies();
    const uuid = randomUUID();
    const held = await octo('POST', '/bookings', { uuid, productId: 'desert-safari', optionId: 'morning', availabilityId, expirationMinutes: 5, resellerReference: 'TD-42', unitItems: [{ unitId: 'morning-adult' }, { unitId: 'morning-child' }] });
    expect(held.body).toMatchObject({ uuid, status: 'ON_HOLD', pricing: { retail: 37_500, net: 30_000, currency: 'AED', currencyPrecision: 2 } });
    expect(await vacancies()).toBe(before - 2);
    const listed = await octo('GET', '/bookings?resellerReference=TD-42');
    expect(zBookingsGetBookingsResponse.parse(listed.body).map((booking) => booking.uuid)).toEqual([uuid]);

    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await vacancies()).toBe(before);
    expect((await octo('GET', `/bookings/${uuid}`)).body).toMatchObject({ status: 'EXPIRED' });
    const late = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'A B' } });
    expect([late.status, zBaseError.parse(late.body).error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
  });

  it('answers late when slowed down, and not at all when down', async () => {
    supplier.setDelay(150);
    const started = performance.now();
    expect((await octo('GET', '/supplier')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    supplier.setDelay(0);
    supplier.setDown(true);
    const silent = await fetch(`${supplier.url}/supplier`, { headers: { authorization: `Bearer ${supplier.apiKey}` }, signal: AbortSignal.timeout(200) }).catch((error: unknown) => error);
    expect(silent).toMatchObject({ name: 'TimeoutError' });
    supplier.setDown(false);
    expect((await octo('GET', '/supplier')).status).toBe(200);
  });
});
