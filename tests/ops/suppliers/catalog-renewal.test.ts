import { POST } from '@/app/api/suppliers/catalog-renewals/route';
import { signBody } from '@/server/http/signed-body';
import { catalogRenewalSecret } from '@/server/suppliers/sync/catalog-renewal';
import { apiRequest, serveRoutesFrom } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The route through which the scheduled supplier re-sync expires the pages of the tours it
// withdrew: only a body signed with the portal's secret expires anything.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string) => void revalidated.push(tag),
}));

const TAGS = ['catalog:tour:red-dunes-desert-safari-0a1b2c3d', 'catalog:city:dubai', 'catalog:sitemap'];

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
  return POST(apiRequest('/api/suppliers/catalog-renewals', { body, headers: { 'content-type': 'application/json', ...(signature ? { 'traveldesk-signature': signature } : {}) } }));
}

describe('POST /api/suppliers/catalog-renewals', () => {
  it('expires the named catalogue pages when the portal signed the request', async () => {
    const body = JSON.stringify({ tags: TAGS });
    const response = await renewal(body, signBody(body, catalogRenewalSecret()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ renewed: 3 });
    expect(revalidated).toEqual(TAGS);
  });

  it('expires nothing for an unsigned, forged, stale or altered request', async () => {
    const body = JSON.stringify({ tags: TAGS });
    const stale = signBody(body, catalogRenewalSecret(), Math.floor(Date.now() / 1000) - 3600);
    for (const signature of [null, signBody(body, 'guessed'), stale]) expect((await renewal(body, signature)).status).toBe(403);
    const altered = JSON.stringify({ tags: ['catalog:home'] });
    expect((await renewal(altered, signBody(body, catalogRenewalSecret()))).status).toBe(403);
    expect(revalidated).toEqual([]);
  });

  it('refuses a signed body that is not a list of catalogue tags', async () => {
    for (const body of ['not json', JSON.stringify({ tags: [] }), JSON.stringify({ tags: ['widget:1'] }), JSON.stringify({ tags: ['catalog:<b>'] })]) {
      expect((await renewal(body, signBody(body, catalogRenewalSecret()))).status).toBe(422);
    }
    expect(revalidated).toEqual([]);
  });
});
