import { signSandboxPayload } from '@/server/payments/providers/sandbox/sandbox-signature';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// Next compiles instrumentation (which starts the job runner) and the route handlers as separate
// bundles, each with its own copy of every module. Here each side gets its own module graph, as
// in the server: the job runner's copy builds the payment gateways first, then the webhook route's
// copy receives a forged and a malformed webhook and must refuse them as spec §8 says (422), even
// though the gateway that refuses them throws the job runner's copy of the error classes.

const SECRET = 'bundles-sandbox-secret';
const ITEMS = [{ fieldName: '', errorMessage: "The notification's signature is not valid. Nothing was changed." }];

let database: TestDatabase;
let webhook: (request: Request, context: ReturnType<typeof segment>) => Promise<Response>;

beforeAll(async () => {
  database = await createTestDatabase();
  serveRoutesFrom(database);
  vi.stubEnv('PAYMENTS_SANDBOX', 'on');
  vi.stubEnv('PAYMENTS_SANDBOX_SECRET', SECRET);

  vi.resetModules();
  const runnerGateways = await import('@/server/payments/gateways');
  await import('@/server/jobs/payment-jobs');
  runnerGateways.installGateways(null);
  expect(runnerGateways.findGateway('sandbox')?.isSandbox).toBe(true);

  vi.resetModules();
  webhook = (await import('@/app/api/payments/webhooks/[provider]/route')).POST;
  const routeGateways = await import('@/server/payments/gateways');
  // One registry per process: the route's copy finds the gateways the runner's copy built.
  expect(routeGateways.paymentGateways()).toBe(runnerGateways.paymentGateways());
});

afterAll(async () => {
  (await import('@/server/payments/gateways')).installGateways(null);
  vi.unstubAllEnvs();
  await database.dispose();
});

async function post(body: string, headers: Record<string, string>) {
  return webhook(apiRequest('/api/payments/webhooks/sandbox', { body, headers: { 'content-type': 'application/json', ...headers } }), segment({ provider: 'sandbox' }));
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(422);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual(ITEMS);
  expect(text).not.toMatch(/Invalid webhook|\bat \S+ \(|\.ts:\d+/);
}

it('refuses a forged webhook (signed with a guessed secret) with 422', async () => {
  const event = JSON.stringify({ id: 'evt_forged', type: 'charge.succeeded', created: 1, data: { chargeId: 'sbx_ch_x', paymentId: crypto.randomUUID(), status: 'succeeded' } });
  await expectRefused(await post(event, { 'sandbox-signature': signSandboxPayload(event, 'guessed-secret') }));
});

it('refuses a malformed webhook (signed, but not an event) with 422', async () => {
  const body = '{"id": ';
  await expectRefused(await post(body, { 'sandbox-signature': signSandboxPayload(body, SECRET) }));
  await expectRefused(await post('{}', { 'sandbox-signature': 'not a signature' }));
});

it('answers every domain error by its kind, whichever bundle’s class made it', async () => {
  const { failureOf } = await import('@/server/http/failure');
  vi.resetModules();
  const other = await import('@/server/errors');
  expect(failureOf(new other.NotFound())).toMatchObject({ status: 404 });
  expect(failureOf(new other.Conflict('errors.conflict'))).toMatchObject({ status: 409 });
  expect(failureOf(new other.TooManyRequests(3))).toMatchObject({ status: 429, retryAfterSeconds: 3 });
  expect(failureOf(new other.RuleViolation('checkout.soldOut', { max: 2 }, 'adults'))).toEqual({ status: 422, code: 'checkout.soldOut', values: { max: 2 }, field: 'adults' });
  expect(failureOf(new other.Maintenance())).toMatchObject({ status: 503 });
});
