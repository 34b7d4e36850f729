import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_ROUTES } from '@/app/api/v1/routes';
import { noteDatabaseError } from '@/server/db/health';
import { markDatabaseUp } from '@/server/db/health-state';
import { countries, hotels, tours } from '@/server/db/schema';
import { errorStatuses, type ErrorStatus, handlersOf, type HttpMethod, successStatus } from '@/server/http/openapi';
import { createApiKey, revokeApiKey } from '@/server/api-access/api-keys';
import { PUBLIC, type RouteHandler, type RouteShape } from '@/server/http/run-route';
import { API_SCOPES, type ApiScope, can, type Permission, scopeOfPermission } from '@/shared/auth/permissions';
import { installGateways } from '@/server/payments/gateways';
import { sandboxGateway } from '@/server/payments/providers/sandbox/sandbox-gateway';
import type { Principal } from '@/server/auth/principal';
import { addDays, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { agentRequest, apiRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// Every route of `/api/v1`, from the list the OpenAPI document is generated from, against spec §8:
// a visitor gets 401 (unless the call is public), a role without the right or a request from
// another site 403, another agency's booking or a thing that is not there 404, a body over the
// route's limit 413 and of another type 415, bad input 422 `[{ fieldName, errorMessage }]`, and a
// database that is down 503 'Server is under maintenance'. A valid call answers the documented
// success status and shape. Last, every status the document names for a route must have been
// answered here: the document promises nothing the handler does not do.

const MAINTENANCE = 'Server is under maintenance';
const PASSWORD = 'Str0ng!Passw0rd-2026';
const FOREIGN_ORIGIN = 'https://evil.example';

type Call = { params?: Record<string, string>; query?: Record<string, string>; json?: unknown; form?: Record<string, string | File> };
type Case = {
  /** A call that succeeds for Desert Rose's admin; a string says why the success is tested elsewhere instead. */
  valid: () => Call;
  skipSuccess?: string;
  /** A call whose input does not parse. */
  bad?: () => Call;
  /** A call naming what the agent may not see (another agency's booking) or what is not there. */
  missing?: () => Call;
};

let database: TestDatabase;
let admin: Principal;
/** Desert Rose's API keys: a revoked one, and for each scope one with every other scope. */
const keys: { revoked: string; without: Map<ApiScope | null, string> } = { revoked: '', without: new Map() };
let junior: Principal;
/** Fixtures: Desert Rose's bookings (one to cancel), a request, and Gulf Horizons' booking and request. */
const world = {
  offerId: '',
  tourId: '',
  tourSlug: '',
  countryId: '',
  hotelId: '',
  today: '',
  own: '',
  ownToCancel: '',
  ownRequest: '',
  foreign: '',
  foreignRequest: '',
};

async function book(principal: Principal, overrides: Record<string, unknown> = {}): Promise<string> {
  session.principal = principal;
  const handler = API_ROUTES.find((route) => route.path === '/b2b/bookings')!.module.POST as RouteHandler;
  const response = await handler(agentRequest('/api/v1/b2b/bookings', { json: checkout(overrides) }));
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

function checkout(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    offerId: world.offerId,
    date: addDays(world.today, 200),
    time: '10:00',
    adults: 1,
    guestName: 'Api Guest',
    guestPhone: '+971500000000',
    guestEmail: 'api@example.test',
    guestEmailConfirm: 'api@example.test',
    paymentMethod: 'balance',
    ...overrides,
  };
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  // The sandbox gateway whatever the deployment mode (PostgreSQL runs are not the demo): the top-up pays through it.
  installGateways([sandboxGateway(async () => database.db)]);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  junior = await principalFor(database.db, 'junior@desertrose.test');
  const revoked = await createApiKey(database.db, admin, { name: 'Revoked', scopes: [...API_SCOPES], expiresInDays: 30 });
  await revokeApiKey(database.db, admin, revoked.id);
  keys.revoked = revoked.secret;
  for (const scope of [...API_SCOPES, null]) {
    const others = API_SCOPES.filter((other) => other !== scope);
    keys.without.set(scope, (await createApiKey(database.db, admin, { name: `Without ${scope ?? 'a scope'}`, scopes: others, expiresInDays: 30 })).secret);
  }
  const gulfAdmin = await principalFor(database.db, 'admin@gulfhorizons.test');
  world.today = new Date().toISOString().slice(0, 10);
  const offer = await findOffer(database.db, 'shared');
  world.offerId = offer.id;
  world.tourId = offer.tourId;
  const [tour] = await database.db.select({ slug: tours.slug }).from(tours).where(eq(tours.id, offer.tourId));
  world.tourSlug = tour!.slug;
  const [uae] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.slug, 'uae'));
  world.countryId = uae!.id;
  const [hotel] = await database.db.select({ id: hotels.id }).from(hotels).where(and(eq(hotels.countryId, uae!.id))).limit(1);
  world.hotelId = hotel!.id;
  await prepareSlot(database.db, offer.id, addDays(world.today, 200), { left: 40 });
  const requestOffer = await findOffer(database.db, 'request');
  const asRequest = { offerId: requestOffer.id, time: null, paymentMethod: 'request' };
  world.own = await book(admin);
  world.ownToCancel = await book(admin);
  world.ownRequest = await book(admin, asRequest);
  world.foreign = await book(gulfAdmin);
  world.foreignRequest = await book(gulfAdmin, asRequest);
});
afterAll(async () => {
  installGateways(null);
  markDatabaseUp();
  await database.dispose();
});

const range = () => ({ from: world.today, to: addDays(world.today, 30) });

const CASES: Record<string, Case> = {
  'GET /homepage': { valid: () => ({}), bad: () => ({ query: { currencyCode: 'EUR' } }) },
  'GET /countries/homepagebyurl/{url}': { valid: () => ({ params: { url: 'uae' } }), missing: () => ({ params: { url: 'atlantis' } }) },
  'GET /cities/homepage/{x}/{y}': { valid: () => ({ params: { x: 'uae', y: 'dubai' } }), missing: () => ({ params: { x: 'oman', y: 'dubai' } }) },
  'GET /tourscategories/homepage/uae/{category}': { valid: () => ({ params: { category: 'desert-safari' } }), missing: () => ({ params: { category: 'no-such-category' } }) },
  'GET /layout/info': { valid: () => ({}) },
  'GET /hotels/listbase': { valid: () => ({ query: { countryId: world.countryId } }), bad: () => ({ query: { countryId: 'uae' } }) },
  'GET /pickuptimes/value': {
    valid: () => ({ query: { pickUpTimeId: world.tourId, hotelId: world.hotelId, startTime: '10:00' } }),
    bad: () => ({ query: { pickUpTimeId: world.tourId, hotelId: world.hotelId, startTime: '25:00' } }),
  },
  'GET /tickets/foroffer/{id}': { valid: () => ({ params: { id: world.offerId } }), missing: () => ({ params: { id: crypto.randomUUID() } }) },
  'GET /b2b/tours/promo': { valid: () => ({ query: { Language: 'ru' } }), bad: () => ({ query: { Language: 'fr' } }) },
  'GET /widgets/tour/url/{url}': {
    valid: () => ({ params: { url: world.tourSlug }, query: { agencyGuid: admin.agencyId } }),
    skipSuccess: 'a tour the agency’s widget sells: tests/widgets/widget-site-routes.test.ts',
    bad: () => ({ params: { url: world.tourSlug }, query: { agencyGuid: 'desert-rose' } }),
    missing: () => ({ params: { url: 'no-such-tour' }, query: { agencyGuid: admin.agencyId } }),
  },
  'GET /b2b/account': { valid: () => ({}) },
  'POST /b2b/account/changepassword': {
    valid: () => ({ json: {} }),
    skipSuccess: 'it renews the Auth.js session: tests/account and e2e/account.spec.ts',
    bad: () => ({ json: { currentPassword: '', newPassword: 'short', confirmPassword: 'other' } }),
  },
  'POST /b2b/account/forgotpassword': { valid: () => ({ json: { email: 'nobody@example.test' } }), bad: () => ({ json: { email: 'not an address' } }) },
  'POST /b2b/account/resetpassword': {
    valid: () => ({ json: { token: 'no-such-token', password: PASSWORD, confirmPassword: PASSWORD } }),
    skipSuccess: 'it needs a mailed link: e2e/account.spec.ts',
    bad: () => ({ json: { token: 'no-such-token', password: 'x', confirmPassword: 'y' } }),
  },
  'POST /b2b/account/signup': {
    valid: () => ({
      form: {
        name: 'Karim Nasser',
        email: 'karim@example.test',
        contactNumber: '+971500000001',
        companyName: 'Nasser Travel',
        tradeLicenceExpiry: addDays(world.today, 365),
        tradeLicence: new File(['%PDF-1.4\n%%EOF\n'], 'licence.pdf', { type: 'application/pdf' }),
      },
    }),
    skipSuccess: 'it mails and stores documents: tests/account',
    bad: () => ({ form: { name: 'Karim 2', email: 'not an address' } }),
  },
  'GET /b2b/agency': { valid: () => ({}) },
  'PUT /b2b/agency': { valid: () => ({ form: { bankNotes: 'Transfers only' } }), bad: () => ({ form: { bankSwift: 'EBIL' } }) },
  'GET /b2b/availability/ByOffer': {
    valid: () => ({ query: { id: world.offerId, ...range() } }),
    bad: () => ({ query: { id: world.offerId, from: world.today, to: 'someday' } }),
    missing: () => ({ query: { id: crypto.randomUUID(), ...range() } }),
  },
  'GET /b2b/availability/ByTour': {
    valid: () => ({ query: { id: world.tourId, ...range() } }),
    bad: () => ({ query: { id: 'tour', ...range() } }),
    missing: () => ({ query: { id: crypto.randomUUID(), ...range() } }),
  },
  'GET /b2b/balance': { valid: () => ({ query: { currencyCode: 'USD' } }), bad: () => ({ query: { currencyCode: 'EUR' } }) },
  'POST /b2b/balance/topup': { valid: () => ({ json: { amount: '100' } }), bad: () => ({ json: { amount: 'a lot' } }) },
  'GET /b2b/balance/topupfee': { valid: () => ({ query: { amount: '1500' } }), bad: () => ({ query: { amount: 'a lot' } }) },
  'GET /b2b/bookings': { valid: () => ({ query: { page: '1', onPage: '10' } }), bad: () => ({ query: { onPage: '7' } }) },
  'POST /b2b/bookings': { valid: () => ({ json: checkout() }), bad: () => ({ json: checkout({ adults: -1, guestEmail: 'x' }) }) },
  'GET /b2b/bookings/options': { valid: () => ({}) },
  'GET /b2b/bookings/{id}': { valid: () => ({ params: { id: world.own } }), missing: () => ({ params: { id: world.foreign } }) },
  'POST /b2b/bookings/{id}/cancel': { valid: () => ({ params: { id: world.ownToCancel } }), missing: () => ({ params: { id: world.foreign } }) },
  'GET /b2b/bookings/{id}/documents/{document}': {
    valid: () => ({ params: { id: world.own, document: 'voucher' } }),
    missing: () => ({ params: { id: world.foreign, document: 'voucher' } }),
    bad: () => ({ params: { id: world.own, document: 'tickets' }, query: { issue: 'first' } }),
  },
  'POST /b2b/bookings/{id}/pay': {
    valid: () => ({ params: { id: world.own }, json: { method: 'balance' } }),
    skipSuccess: 'a booking that needs payment: tests/payments/payment-routes.test.ts',
    bad: () => ({ params: { id: world.own }, json: { method: 'cheque' } }),
    missing: () => ({ params: { id: world.foreign }, json: { method: 'balance' } }),
  },
  'POST /b2b/bookings/commissions': { valid: () => ({ json: {} }), bad: () => ({ json: { travelFrom: '2026-02-30' } }) },
  'POST /b2b/bookings/download': { valid: () => ({ json: { scope: 'all' } }), bad: () => ({ json: { status: 'lost' } }) },
  'POST /b2b/bookings/filtered': { valid: () => ({ query: { page: '1', onPage: '25' }, json: { status: 'completed' } }), bad: () => ({ json: { sort: 'price' } }) },
  'GET /b2b/bookings/requests/{id}': { valid: () => ({ params: { id: world.ownRequest } }), missing: () => ({ params: { id: world.foreignRequest } }) },
  'POST /b2b/bookings/requests': { valid: () => ({ json: {} }), bad: () => ({ query: { page: '0' }, json: {} }) },
  'POST /b2b/bookings/withpaymentintent': {
    valid: () => ({ json: checkout({ paymentMethod: 'card' }) }),
    skipSuccess: 'Stripe is not configured here: tests/payments',
    bad: () => ({ json: { offerId: 'x' } }),
  },
  'POST /b2b/bookings/withtappaymentcharge': {
    valid: () => ({ json: checkout({ paymentMethod: 'card' }) }),
    skipSuccess: 'Tap is not configured here: tests/payments',
    bad: () => ({ json: { offerId: 'x' } }),
  },
  'GET /b2b/offersPrices': {
    valid: () => ({ query: { ids: world.offerId, ...range(), currencycode: 'USD' } }),
    bad: () => ({ query: { ids: 'first,second', ...range() } }),
  },
  'GET /b2b/tickets/foroffer/{id}': { valid: () => ({ params: { id: world.offerId } }), missing: () => ({ params: { id: crypto.randomUUID() } }) },
  'GET /b2b/tickets/fortour/{id}': { valid: () => ({ params: { id: world.tourId } }), missing: () => ({ params: { id: crypto.randomUUID() } }) },
  'GET /b2b/tours': { valid: () => ({ query: { currencyCode: 'USD' } }), bad: () => ({ query: { currencyCode: 'RUB' } }) },
  'GET /b2b/tours/{id}': { valid: () => ({ params: { id: world.tourSlug } }), missing: () => ({ params: { id: 'no-such-tour' } }) },
};

type Operation = { key: string; method: HttpMethod; path: string; handler: RouteHandler; shape: RouteShape };

const OPERATIONS: Operation[] = API_ROUTES.flatMap((route) =>
  handlersOf(route).map(([method, shape]) => ({ key: `${method} ${route.path}`, method, path: route.path, handler: route.module[method] as RouteHandler, shape })),
);

/** The statuses each operation answered here, to hold the document to. */
const answered = new Map<string, Set<number>>();

function urlOf(operation: Operation, call: Call): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? 'x'));
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return `/api/v1${path}${query}`;
}

type Sender = 'agent' | 'visitor' | 'foreign';

function requestFor(operation: Operation, call: Call, sender: Sender = 'agent', body?: { bytes: BodyInit; type: string }, key?: string): Request {
  const url = urlOf(operation, call);
  const headers: Record<string, string> = sender === 'foreign' ? { origin: FOREIGN_ORIGIN } : {};
  if (key) headers.authorization = `Bearer ${key}`;
  let init: { method: string; headers: Record<string, string>; body?: BodyInit } = { method: operation.method, headers };
  if (body) init = { ...init, body: body.bytes, headers: { ...headers, 'content-type': body.type } };
  else if (call.json !== undefined) init = { ...init, body: JSON.stringify(call.json), headers: { ...headers, 'content-type': 'application/json' } };
  else if (call.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.form)) form.append(name, value);
    init = { ...init, body: form };
  }
  return sender === 'visitor' ? apiRequest(url, init) : agentRequest(url, init);
}

async function send(operation: Operation, call: Call, options: { as?: Principal | null; sender?: Sender; body?: { bytes: BodyInit; type: string }; key?: string } = {}): Promise<Response> {
  session.principal = options.as === undefined ? admin : options.as;
  const response = await operation.handler(requestFor(operation, call, options.sender, options.body, options.key), segment(call.params ?? {}));
  let statuses = answered.get(operation.key);
  if (!statuses) answered.set(operation.key, (statuses = new Set()));
  statuses.add(response.status);
  return response;
}

/** Desert Rose's junior agent, when the route's permission is one a junior lacks (every such one is). */
function roleWithout(shape: RouteShape): Principal | null {
  if (shape.permission === PUBLIC || shape.permission === null) return null;
  return can(junior.role, shape.permission as Permission) ? null : junior;
}

describe.each(OPERATIONS.map((operation) => [operation.key, operation] as const))('%s', (key, operation) => {
  const testCase = CASES[key];

  it('has a case in this table', () => {
    expect(testCase, `add ${key} to CASES`).toBeDefined();
  });

  it('answers spec §8’s refusals', async () => {
    if (!testCase) return;
    const { shape } = operation;
    const valid = testCase.valid();
    const documented = errorStatuses(operation.method, shape);

    if (shape.permission !== PUBLIC) {
      const visitor = await send(operation, valid, { as: null, sender: 'visitor' });
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toEqual({ message: expect.any(String) });
    }
    if (shape.permission !== PUBLIC) {
      // With an API key instead of the cookie: a revoked key is nobody; a key without the route's scope may not.
      expect((await send(operation, valid, { as: null, sender: 'visitor', key: keys.revoked })).status, 'a revoked key').toBe(401);
      const scope = shape.apiScope ?? (shape.permission === null ? null : scopeOfPermission(shape.permission as Permission));
      expect((await send(operation, valid, { as: null, sender: 'visitor', key: keys.without.get(scope) })).status, `a key without ${scope}`).toBe(403);
    }
    const lacking = roleWithout(shape);
    if (lacking) expect((await send(operation, valid, { as: lacking })).status).toBe(403);
    if (operation.method !== 'GET') expect((await send(operation, valid, { sender: 'foreign' })).status).toBe(403);

    if (documented.includes(404)) {
      const call = testCase.missing?.() ?? { ...valid, params: Object.fromEntries(Object.keys(valid.params ?? {}).map((name) => [name, 'no such thing'])) };
      expect((await send(operation, call)).status, 'not found').toBe(404);
    }
    if (shape.body) {
      const type = shape.body.kind === 'json' ? 'application/json' : 'multipart/form-data; boundary=x';
      const tooLarge = await send(operation, valid, { body: { bytes: new Uint8Array(shape.body.maxBytes + 1).fill(0x61), type } });
      expect(tooLarge.status, 'over the limit').toBe(413);
      expect((await send(operation, valid, { body: { bytes: 'hello', type: 'text/plain' } })).status).toBe(415);
    }
    if (documented.includes(422)) {
      expect(testCase.bad, 'a bad input for a route that parses input').toBeDefined();
      const bad = await send(operation, testCase.bad!());
      expect(bad.status, JSON.stringify(await bad.clone().json())).toBe(422);
      const items = (await bad.json()) as unknown[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toEqual({ fieldName: expect.any(String), errorMessage: expect.any(String) });
    }
  });

  it('answers a valid call with the documented success', async () => {
    if (!testCase) return;
    if (testCase.skipSuccess) return void expect(testCase.skipSuccess).toMatch(/: /);
    const response = await send(operation, testCase.valid());
    const body = response.headers.get('content-type')?.includes('json') ? await response.clone().json() : null;
    expect(response.status, JSON.stringify(body)).toBe(successStatus(operation.shape));
    const documented = operation.shape.doc?.response;
    if (documented instanceof z.ZodType) expect(documented.safeParse(body).error).toBeUndefined();
    else if (documented) expect(response.headers.get('content-type')).toContain(documented.mediaType);
  });
});

describe('with the database down', () => {
  let closed: TestDatabase;
  beforeAll(async () => {
    closed = await createTestDatabase();
    await closed.dispose();
    serveRoutesFrom(closed);
    // As the server does with any query that fails on the database: from then on it is known down.
    await closed.db.execute(sql`select 1`).catch((error: unknown) => expect(noteDatabaseError(error)).toBe(true));
  });
  afterAll(() => {
    serveRoutesFrom(database);
    markDatabaseUp();
  });

  it.each(OPERATIONS.filter((operation) => CASES[operation.key]).map((operation) => [operation.key, operation] as const))(
    '%s answers 503 with spec §8’s message',
    async (_key, operation) => {
      const response = await send(operation, CASES[operation.key]!.valid());
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: MAINTENANCE });
    },
  );
});

describe('the document', () => {
  it('names no error status that a route did not answer above', () => {
    for (const operation of OPERATIONS) {
      if (!CASES[operation.key]) continue;
      const statuses = answered.get(operation.key) ?? new Set();
      const unanswered = errorStatuses(operation.method, operation.shape).filter((status: ErrorStatus) => !statuses.has(status));
      expect(unanswered, operation.key).toEqual([]);
    }
  });
});
