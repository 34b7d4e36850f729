import { eq } from 'drizzle-orm';
import { GET as getAccount } from '@/app/api/v1/b2b/account/route';
import { GET as getAvailability } from '@/app/api/v1/b2b/availability/ByOffer/route';
import { GET as getBalance } from '@/app/api/v1/b2b/balance/route';
import { GET as getDocument } from '@/app/api/v1/b2b/bookings/[id]/documents/[document]/route';
import { GET as getHealth } from '@/app/api/health/route';
import { agencies } from '@/server/db/schema';
import { AED_PER_USD } from '@/shared/money/money';
import { addDays, DESERT_ROSE, findOffer, principalFor } from '../support/booking-fixtures';
import { agentRequest, apiRequest, segment, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// The route handlers added with runRoute, and a few that moved their rules into server/, called
// as Next calls them, on the test database.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

describe('GET /api/v1/b2b/balance', () => {
  it('answers the agency’s balance, credit limit and available funds in minor units, AED by default', async () => {
    session.principal = await principalFor(database.db, 'senior@desertrose.test');
    const [agency] = await database.db.select().from(agencies).where(eq(agencies.id, DESERT_ROSE));
    const response = await getBalance(agentRequest('/api/v1/b2b/balance'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      currency: 'AED',
      balanceMinor: agency!.balanceMinor,
      creditLimitMinor: agency!.creditLimitMinor,
      availableMinor: agency!.balanceMinor + agency!.creditLimitMinor,
    });
    const usd = (await (await getBalance(agentRequest('/api/v1/b2b/balance?currencyCode=USD'))).json()) as {
      currency: string;
      balanceMinor: number;
      creditLimitMinor: number;
      availableMinor: number;
    };
    expect(usd).toMatchObject({ currency: 'USD', creditLimitMinor: Math.round(agency!.creditLimitMinor / AED_PER_USD) });
    // The three figures add up to the cent in USD too.
    expect(usd.availableMinor).toBe(usd.balanceMinor + usd.creditLimitMinor);
    expect((await getBalance(agentRequest('/api/v1/b2b/balance?currencyCode=EUR'))).status).toBe(422);
  });

  it('is not for junior agents (403) nor visitors (401)', async () => {
    session.principal = await principalFor(database.db, 'junior@desertrose.test');
    expect((await getBalance(agentRequest('/api/v1/b2b/balance'))).status).toBe(403);
    session.principal = null;
    expect((await getBalance(apiRequest('/api/v1/b2b/balance'))).status).toBe(401);
  });
});

describe('GET /api/v1/b2b/account', () => {
  it('answers the signed-in agent, and 401 to a visitor', async () => {
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    session.principal = junior;
    expect(await (await getAccount(agentRequest('/api/v1/b2b/account'))).json()).toEqual({
      name: junior.name,
      email: junior.email,
      role: 'junior',
      agencyName: junior.agencyName,
    });
    session.principal = null;
    expect((await getAccount(apiRequest('/api/v1/b2b/account'))).status).toBe(401);
  });
});

describe('moved handlers', () => {
  it('answers the availability query’s errors as `[{ fieldName, errorMessage }]`', async () => {
    session.principal = await principalFor(database.db, 'junior@desertrose.test');
    const offer = await findOffer(database.db, 'shared');
    const from = new Date().toISOString().slice(0, 10);
    const ok = await getAvailability(agentRequest(`/api/v1/b2b/availability/ByOffer?id=${offer.id}&from=${from}&to=${addDays(from, 30)}`));
    expect(ok.status).toBe(200);
    const bad = await getAvailability(agentRequest(`/api/v1/b2b/availability/ByOffer?id=${offer.id}&from=${from}&to=someday`));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual([{ fieldName: 'to', errorMessage: 'Must be a date (yyyy-MM-dd)' }]);
  });

  it('answers 404 for an unknown document kind and 403 for a junior agent’s invoice', async () => {
    session.principal = await principalFor(database.db, 'junior@desertrose.test');
    expect((await getDocument(agentRequest('/api/v1/b2b/bookings/TD-AAAAAAA/documents/receipt'), segment({ id: 'TD-AAAAAAA', document: 'receipt' }))).status).toBe(404);
    expect((await getDocument(agentRequest('/api/v1/b2b/bookings/TD-AAAAAAA/documents/invoice'), segment({ id: 'TD-AAAAAAA', document: 'invoice' }))).status).toBe(403);
    expect((await getDocument(agentRequest('/api/v1/b2b/bookings/TD-AAAAAAA/documents/voucher'), segment({ id: 'TD-AAAAAAA', document: 'voucher' }))).status).toBe(404);
  });

  it('answers the liveness check without asking the database', async () => {
    const response = await getHealth(apiRequest('/api/health'));
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
