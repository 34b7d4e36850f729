import fs from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { API_ROUTES } from '@/app/api/v1/routes';
import { GET as getDocument } from '@/app/api/v1/openapi.json/route';
import { createApiKey, revokeApiKey } from '@/server/api-access/api-keys';
import type { RouteHandler } from '@/server/http/run-route';
import type { ApiScope } from '@/shared/auth/permissions';
import { addDays, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, ORIGIN, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { paths } from './generated/api-v1';

// An integrator's client, typed from `/api/v1/openapi.json` by openapi-typescript and calling
// through openapi-fetch, books a tour end to end: availability, a booking with an Idempotency-Key,
// its replay, the voucher, and a cancellation that refunds what the booking's quote said, with the
// agency's API key as an integrator would (`Authorization: Bearer td_…`, docs/api-access.md).

const GENERATED = path.join(__dirname, 'generated/api-v1.ts');
const HEADER = '// Generated from /api/v1/openapi.json by openapi-typescript (tests/api/typed-client.test.ts); UPDATE_API_TYPES=1 rewrites it.\n\n';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

/** Routes with fewer path parameters first, so `/b2b/bookings/requests` is not read as `/b2b/bookings/{id}`. */
const ROUTES = [...API_ROUTES]
  .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))
  .map((route) => ({ route, pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`) }));

/** What Next does with a request to `/api/v1/…`: the route's handler, with the path's parameters. */
async function dispatch(request: Request): Promise<Response> {
  const rest = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
  for (const { route, pattern } of ROUTES) {
    const match = pattern.exec(rest);
    if (!match) continue;
    const handler = route.module[request.method] as RouteHandler | undefined;
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
    return handler(request, segment(params));
  }
  return new Response(null, { status: 404 });
}

/** An integrator's client calling with an API key (no cookie, no browser origin). */
const clientWithKey = (secret: string) => createClient<paths>({ baseUrl: `${ORIGIN}/api/v1`, fetch: dispatch, headers: { authorization: `Bearer ${secret}` } });

async function keyOf(email: string, scopes: ApiScope[]): Promise<{ id: string; secret: string }> {
  const admin = await principalFor(database.db, email);
  return createApiKey(database.db, admin, { name: `Typed client ${scopes.join('+')}`, scopes, expiresInDays: 30 });
}

it('is generated from the document /api/v1/openapi.json serves', async () => {
  const document = await (await getDocument(apiRequest('/api/v1/openapi.json'))).json();
  const generated = HEADER + astToString(await openapiTS(document));
  if (process.env.UPDATE_API_TYPES === '1') fs.writeFileSync(GENERATED, generated);
  expect(fs.readFileSync(GENERATED, 'utf8'), 'the API changed: run this test with UPDATE_API_TYPES=1').toBe(generated);
});

it('books a tour end to end with an agency API key: availability, book, replay, voucher, cancel at the quoted fee', async () => {
  const key = await keyOf('admin@desertrose.test', ['catalogue', 'book', 'bookings']);
  const client = clientWithKey(key.secret);
  const offer = await findOffer(database.db, 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 250);
  const slot = await prepareSlot(database.db, offer.id, date, { left: 5 });

  const availability = await client.GET('/b2b/availability/ByOffer', { params: { query: { id: offer.id, from: date, to: date } } });
  expect(availability.response.status).toBe(200);
  const open = availability.data!.days[0]!.slots.find((candidate) => candidate.time === slot.startTime)!;
  expect(open.left).toBe(5);

  const idempotencyKey = crypto.randomUUID();
  const checkout = {
    idempotencyKey,
    offerId: offer.id,
    date,
    time: open.time,
    adults: 2,
    guestName: 'Typed Client',
    guestPhone: '+971500000002',
    guestEmail: 'typed@example.test',
    guestEmailConfirm: 'typed@example.test',
    paymentMethod: 'balance' as const,
  };
  const booked = await client.POST('/b2b/bookings', { body: checkout, headers: { 'idempotency-key': idempotencyKey } });
  expect(booked.response.status).toBe(201);
  const reference = booked.data!.reference;
  expect(booked.data!.status).toBe('completed');

  // The same key and checkout again (a retry after a lost answer): the first answer again, byte
  // for byte, marked as a replay: the same booking, not a second one.
  const replay = await client.POST('/b2b/bookings', { body: checkout, headers: { 'idempotency-key': idempotencyKey } });
  expect(replay.response.status).toBe(201);
  expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.data).toEqual(booked.data);
  const afterBooking = await client.GET('/b2b/availability/ByOffer', { params: { query: { id: offer.id, from: date, to: date } } });
  expect(afterBooking.data!.days[0]!.slots.find((candidate) => candidate.time === open.time)!.left).toBe(3);

  const voucher = await client.GET('/b2b/bookings/{id}/documents/{document}', { params: { path: { id: reference, document: 'voucher' } }, parseAs: 'arrayBuffer' });
  expect(voucher.response.status).toBe(200);
  expect(voucher.response.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(voucher.data as ArrayBuffer).subarray(0, 5).toString()).toBe('%PDF-');

  // Another agency's key does not see it; a key without the `book` scope may not book; a revoked key is nobody.
  const theirs = clientWithKey((await keyOf('admin@gulfhorizons.test', ['catalogue', 'book', 'bookings'])).secret);
  expect((await theirs.GET('/b2b/bookings/{id}', { params: { path: { id: reference } } })).response.status).toBe(404);
  const readOnly = clientWithKey((await keyOf('admin@desertrose.test', ['catalogue', 'bookings'])).secret);
  expect((await readOnly.POST('/b2b/bookings', { body: { ...checkout, idempotencyKey: crypto.randomUUID() } })).response.status).toBe(403);
  const revoked = await keyOf('admin@desertrose.test', ['catalogue', 'book', 'bookings']);
  await revokeApiKey(database.db, await principalFor(database.db, 'admin@desertrose.test'), revoked.id);
  expect((await clientWithKey(revoked.secret).GET('/b2b/bookings/{id}', { params: { path: { id: reference } } })).response.status).toBe(401);

  const detail = await client.GET('/b2b/bookings/{id}', { params: { path: { id: reference } } });
  expect(detail.response.status).toBe(200);
  const quote = detail.data!.cancellation!;
  expect(quote.amounts).not.toBeNull();

  const cancelled = await client.POST('/b2b/bookings/{id}/cancel', { params: { path: { id: reference } } });
  expect(cancelled.response.status).toBe(200);
  expect(cancelled.data).toMatchObject({ reference, tier: quote.tier, percent: quote.percent, destination: quote.destination, amounts: quote.amounts });
  expect((await client.GET('/b2b/bookings/{id}', { params: { path: { id: reference } } })).data!.status).toBe('cancelled');
  const afterCancel = await client.GET('/b2b/availability/ByOffer', { params: { query: { id: offer.id, from: date, to: date } } });
  expect(afterCancel.data!.days[0]!.slots.find((candidate) => candidate.time === open.time)!.left).toBe(5);
});
