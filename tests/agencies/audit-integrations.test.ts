import { createApiKey, revokeApiKey } from '@/server/api-access/api-keys';
import { listAuditTrail } from '@/server/audit/audit-queries';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { installJobQueue } from '@/server/jobs/jobs';
import type { Principal } from '@/server/auth/principal';
import { createEndpoint, deleteEndpoint, setEndpointEnabled } from '@/server/webhooks/manage-webhooks';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The company's history keeps the agency's integrations too: who made or revoked an API key and
// who added, switched or deleted a webhook endpoint — never a key's or an endpoint's secret.

let database: TestDatabase;
let admin: Principal;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  admin = await principalFor(database.db, 'admin@desertrose.test');
  // Switching an endpoint on nudges the delivery job: into this database's job table.
  installJobQueue(new EmbeddedQueue(database.db));
});
afterAll(async () => {
  installJobQueue(null);
  await database.dispose();
});
afterEach(() => vi.unstubAllEnvs());

it('records API keys made and revoked, and webhook endpoints added, switched and deleted, by whom and without their secrets', async () => {
  const { db } = database;
  vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', 'on');
  const key = await createApiKey(db, admin, { name: 'Booking engine', scopes: ['catalogue', 'book'], expiresInDays: 30 }, new Date('2026-11-27T10:00:00Z'));
  await revokeApiKey(db, admin, key.id);
  await revokeApiKey(db, admin, key.id); // a second revoke changes nothing and records nothing
  const endpoint = await createEndpoint(db, admin, { url: 'http://127.0.0.1:9/hooks', events: ['booking.created', 'booking.cancelled'] });
  await setEndpointEnabled(db, admin, endpoint.endpointId, false);
  await setEndpointEnabled(db, admin, endpoint.endpointId, false); // already off: nothing to record
  await setEndpointEnabled(db, admin, endpoint.endpointId, true);
  await deleteEndpoint(db, admin, endpoint.endpointId);

  const { entries } = await listAuditTrail(db, admin, { limit: 20 });
  const ours = entries.filter((entry) => entry.entity === 'apiKey' || entry.entity === 'webhook').reverse();
  expect(ours.map((entry) => entry.action)).toEqual(['apiKey.create', 'apiKey.revoke', 'webhook.create', 'webhook.disable', 'webhook.enable', 'webhook.delete']);
  expect(ours.every((entry) => entry.actorName !== null)).toBe(true);
  expect(ours[0]!.changes).toEqual({
    name: { from: null, to: 'Booking engine' },
    scopes: { from: null, to: 'catalogue, book' },
    expiresAt: { from: null, to: '2026-12-27' },
  });
  expect(ours[2]!.changes).toEqual({ url: { from: null, to: 'http://127.0.0.1:9/hooks' }, events: { from: null, to: 'booking.created, booking.cancelled' } });
  expect(ours[5]!.changes).toEqual({ url: { from: 'http://127.0.0.1:9/hooks', to: null } });
  const written = JSON.stringify(ours);
  expect(written).not.toContain(key.secret);
  expect(written).not.toContain(endpoint.secret);
});
