import { POST } from '@/app/api/widgets/site-renewals/route';
import { signBody } from '@/server/http/signed-body';
import { siteRenewalSecret } from '@/server/widgets/sites/site-renewal';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The route through which the portal's own jobs renew widget sites: only a body signed with the
// portal's secret renews anything.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string) => void revalidated.push(tag),
}));

const SITE = { id: '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001', domain: 'tours.example.test' };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  serveRoutesFrom(database);
});
afterAll(async () => {
  await database.dispose();
});
beforeEach(() => {
  revalidated.length = 0;
});

function renewal(body: string, signature: string | null) {
  return POST(apiRequest('/api/widgets/site-renewals', { body, headers: { 'content-type': 'application/json', ...(signature ? { 'traveldesk-signature': signature } : {}) } }));
}

describe('POST /api/widgets/site-renewals', () => {
  it("renews the named sites' content and host lookups when the portal signed the request", async () => {
    const body = JSON.stringify({ sites: [SITE] });
    const response = await renewal(body, signBody(body, siteRenewalSecret()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ renewed: 1 });
    expect(revalidated).toEqual([`widget:${SITE.id}`, `widget-host:${SITE.domain}`]);
  });

  it('renews nothing for an unsigned, forged, stale or altered request', async () => {
    const body = JSON.stringify({ sites: [SITE] });
    const stale = signBody(body, siteRenewalSecret(), Math.floor(Date.now() / 1000) - 3600);
    for (const signature of [null, signBody(body, 'guessed'), stale]) expect((await renewal(body, signature)).status).toBe(403);
    const altered = JSON.stringify({ sites: [{ ...SITE, domain: 'other.example.test' }] });
    expect((await renewal(altered, signBody(body, siteRenewalSecret()))).status).toBe(403);
    expect(revalidated).toEqual([]);
  });

  it('refuses a signed body that is not a list of sites', async () => {
    for (const body of ['not json', JSON.stringify({ sites: [] }), JSON.stringify({ sites: [{ id: 'x', domain: '<b>' }] })]) {
      expect((await renewal(body, signBody(body, siteRenewalSecret()))).status).toBe(422);
    }
    expect(revalidated).toEqual([]);
  });
});
