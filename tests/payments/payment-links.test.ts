import { eq } from 'drizzle-orm';
import { POST as topUp } from '@/app/api/v1/b2b/balance/topup/route';
import { sandboxCharges } from '@/server/db/schema';
import { principalFor } from '../support/booking-fixtures';
import { agentRequest, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { forgetPayments, setUpPayments } from './payment-fixtures';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// The return and webhook URLs a payment hands the provider come from the configured public origin
// of the host the agent used: a header can choose which configured host (the Russian domain's
// return goes there), never a scheme, port or name of its own.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
  setUpPayments(database.db);
  session.principal = await principalFor(database.db, 'admin@gulfhorizons.test');
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

async function chargeUrls(headers: Record<string, string>) {
  const response = await topUp(agentRequest('/api/v1/b2b/balance/topup', { json: { amount: '100' }, headers }));
  expect(response.status).toBe(200);
  const { nextAction } = (await response.json()) as { nextAction: { url: string } };
  const chargeId = nextAction.url.split('/').pop()!;
  const [charge] = await database.db.select({ returnUrl: sandboxCharges.returnUrl, webhookUrl: sandboxCharges.webhookUrl }).from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
  return { page: new URL(nextAction.url).origin, returnUrl: new URL(charge!.returnUrl).origin, webhookUrl: new URL(charge!.webhookUrl).origin };
}

it('never takes the origin from a forged host, port or scheme', async () => {
  const main = { page: 'http://localhost:3000', returnUrl: 'http://localhost:3000', webhookUrl: 'http://localhost:3000' };
  expect(await chargeUrls({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toEqual(main);
  expect(await chargeUrls({ host: 'localhost:6666', 'x-forwarded-proto': 'gopher' })).toEqual(main);
  expect(await chargeUrls({ host: 'evil.example' })).toEqual(main);
});

it('returns the agent to the configured origin of the host they used', async () => {
  const russian = 'http://ru.localhost:3000';
  expect(await chargeUrls({ host: 'ru.localhost:6666' })).toEqual({ page: russian, returnUrl: russian, webhookUrl: russian });
});
