import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { GET as getAccount } from '@/app/api/v1/b2b/account/route';
import { POST as changePasswordRoute } from '@/app/api/v1/b2b/account/changepassword/route';
import { GET as getBalance } from '@/app/api/v1/b2b/balance/route';
import { POST as postBooking } from '@/app/api/v1/b2b/bookings/route';
import { GET as getDocument } from '@/app/api/v1/b2b/bookings/[id]/documents/[document]/route';
import { GET as getAgentDetails } from '@/app/api/catalog/tours/[slug]/agent-details/route';
import { updateAgent } from '@/server/agents/manage-agents';
import { createApiKey, listApiKeys, revokeApiKey } from '@/server/api-access/api-keys';
import { apiKeys, bookings, tours, users } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import type { ApiScope } from '@/shared/auth/permissions';
import { memberCan } from '@/shared/auth/permissions';
import { MAIL } from '../account/account-fixtures';
import { addDays, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// An agency's API keys: made by its admin, shown once, stored as a hash; a key acts as its
// creator narrowed to its scopes, through the same permission checks and agency scoping as the
// pages. Unknown, revoked or expired → 401; a scope missing → 403; another agency's row → 404.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

async function keyFor(email: string, scopes: ApiScope[], options: { now?: Date; expiresInDays?: number } = {}) {
  const admin = await principalFor(database.db, email);
  return createApiKey(database.db, admin, { name: `Booking engine ${scopes.join('+')}`, scopes, expiresInDays: options.expiresInDays ?? 90 }, options.now);
}

const withKey = (secret: string, headers: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${secret}`, ...headers } });

describe('making a key', () => {
  it('answers the secret once, with the test prefix while the sandbox is on and the live one otherwise; only its hash is stored', async () => {
    vi.stubEnv('PAYMENTS_SANDBOX', 'on');
    const test = await keyFor('admin@desertrose.test', ['catalogue']);
    vi.stubEnv('PAYMENTS_SANDBOX', 'off');
    const live = await keyFor('admin@desertrose.test', ['catalogue']);
    vi.unstubAllEnvs();
    expect(test.secret).toMatch(/^td_test_[A-Za-z0-9_-]{43}$/);
    expect(live.secret).toMatch(/^td_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, live.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(live.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(live.secret.slice(12));
    expect(row!.secretPrefix).toBe(live.secret.slice(0, 12));
  });

  it('is for the agency’s admin only, and a key cannot make or revoke keys', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    await expect(createApiKey(database.db, senior, { name: 'Mine', scopes: ['catalogue'], expiresInDays: 30 })).rejects.toMatchObject({ code: 'errors.forbidden' });
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const throughKey = { ...admin, via: { apiKeyId: crypto.randomUUID(), scopes: ['agency' as const] } };
    await expect(createApiKey(database.db, throughKey, { name: 'Mine', scopes: ['catalogue'], expiresInDays: 30 })).rejects.toMatchObject({ code: 'errors.forbidden' });
  });

  it('lists the agency’s own keys; another agency’s key is not found to revoke', async () => {
    const mine = await keyFor('admin@desertrose.test', ['bookings']);
    const theirs = await keyFor('admin@gulfhorizons.test', ['bookings']);
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const listed = await listApiKeys(database.db, admin);
    expect(listed.map((key) => key.id)).toContain(mine.id);
    expect(listed.map((key) => key.id)).not.toContain(theirs.id);
    expect(listed.find((key) => key.id === mine.id)).toMatchObject({ state: 'active', scopes: ['bookings'], lastUsedAt: null, createdBy: admin.name });
    await expect(revokeApiKey(database.db, admin, theirs.id)).rejects.toBeInstanceOf(NotFound);
  });
});

describe('a call made with a key', () => {
  it('acts as the agency within the key’s scopes, and notes when and from where it was used', async () => {
    const { secret, id } = await keyFor('admin@desertrose.test', ['balance']);
    const response = await getBalance(apiRequest('/api/v1/b2b/balance', withKey(secret, { 'x-forwarded-for': '198.51.100.23' })));
    expect(response.status).toBe(200);
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    expect((await listApiKeys(database.db, admin)).find((key) => key.id === id)).toMatchObject({ lastUsedAddress: '198.51.100.23', lastUsedAt: expect.any(String) });
  });

  it('is refused (401) for an unknown, revoked or expired key', async () => {
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const call = (secret: string) => getBalance(apiRequest('/api/v1/b2b/balance', withKey(secret)));
    const revoked = await keyFor('admin@desertrose.test', ['balance']);
    expect((await call(revoked.secret)).status).toBe(200);
    await revokeApiKey(database.db, admin, revoked.id);
    expect((await call(revoked.secret)).status).toBe(401);
    const expired = await keyFor('admin@desertrose.test', ['balance'], { now: new Date(Date.now() - 31 * 24 * 3600 * 1000), expiresInDays: 30 });
    expect((await call(expired.secret)).status).toBe(401);
    expect((await call(`td_live_${'A'.repeat(43)}`)).status).toBe(401);
    expect((await call(revoked.secret.slice(0, -1))).status).toBe(401);
    expect((await listApiKeys(database.db, admin)).find((key) => key.id === expired.id)?.state).toBe('expired');
  });

  it('is refused (403) a call its scopes do not hold, even where the creator’s role would allow it', async () => {
    const catalogue = await keyFor('admin@desertrose.test', ['catalogue']);
    expect((await getBalance(apiRequest('/api/v1/b2b/balance', withKey(catalogue.secret)))).status).toBe(403);
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 40);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 5 });
    const checkout = { offerId: offer.id, date, time: slot.startTime, adults: 1, guestName: 'Key Guest', guestPhone: '+971500000000', guestEmail: 'key@example.test', guestEmailConfirm: 'key@example.test', paymentMethod: 'cash', idempotencyKey: crypto.randomUUID() };
    expect((await postBooking(apiRequest('/api/v1/b2b/bookings', { json: checkout, ...withKey(catalogue.secret) }))).status).toBe(403);
    const book = await keyFor('admin@desertrose.test', ['book']);
    expect((await postBooking(apiRequest('/api/v1/b2b/bookings', { json: checkout, ...withKey(book.secret) }))).status).toBe(201);
    // Routes open to every agent take no key unless they name a scope: the account, its password.
    const everything = await keyFor('admin@desertrose.test', ['catalogue', 'book', 'bookings', 'balance', 'agency']);
    expect((await getAccount(apiRequest('/api/v1/b2b/account', withKey(everything.secret)))).status).toBe(403);
    const password = await changePasswordRoute(apiRequest('/api/v1/b2b/account/changepassword', { json: { currentPassword: 'x', newPassword: 'Sunset-Dunes-2027' }, ...withKey(everything.secret) }));
    expect(password.status).toBe(403);
  });

  it('sees NET rates only with the catalogue scope (memberCan narrows the domain’s own checks)', async () => {
    const [tour] = await database.db.select({ slug: tours.slug }).from(tours).where(eq(tours.isActive, true)).limit(1);
    const details = async (scopes: ApiScope[]) => {
      const { secret } = await keyFor('admin@desertrose.test', scopes);
      const response = await getAgentDetails(apiRequest(`/api/catalog/tours/${tour!.slug}/agent-details`, withKey(secret)), segment({ slug: tour!.slug }));
      return { status: response.status, body: (await response.json()) as { b2b: unknown } };
    };
    const withCatalogue = await details(['catalogue']);
    expect(withCatalogue.status).toBe(200);
    expect(withCatalogue.body.b2b).not.toBeNull();
    expect((await details(['book'])).status).toBe(403);
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    expect(memberCan({ ...admin, via: { apiKeyId: 'k', scopes: ['book'] } }, 'rates:viewB2b')).toBe(false);
    expect(memberCan({ ...admin, via: { apiKeyId: 'k', scopes: ['catalogue'] } }, 'rates:viewB2b')).toBe(true);
  });

  it('finds another agency’s booking not found (404), its own agency’s (with the scope) found', async () => {
    const [theirs] = await database.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.agencyId, DESERT_ROSE)).limit(1);
    const gulf = await keyFor('admin@gulfhorizons.test', ['bookings']);
    const voucher = (secret: string) => getDocument(apiRequest(`/api/v1/b2b/bookings/${theirs!.reference}/documents/voucher`, withKey(secret)), segment({ id: theirs!.reference, document: 'voucher' }));
    expect((await voucher(gulf.secret)).status).toBe(404);
    const noBookingsScope = await keyFor('admin@desertrose.test', ['book']);
    expect((await voucher(noBookingsScope.secret)).status).toBe(403);
  });

  it('stops when its creator is no longer an active admin of the agency', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@desertrose.test');
    const [source] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'admin@desertrose.test'));
    const email = `admin.${crypto.randomUUID().slice(0, 8)}@desertrose.test`;
    const [second] = await db
      .insert(users)
      .values({ agencyId: DESERT_ROSE, email, name: 'Second Admin', role: 'admin', status: 'active', passwordHash: source!.passwordHash })
      .returning({ id: users.id });
    const { secret } = await keyFor(email, ['balance']);
    const call = () => getBalance(apiRequest('/api/v1/b2b/balance', withKey(secret)));
    expect((await call()).status).toBe(200);
    await updateAgent(db, admin, second!.id, { name: 'Second Admin', email, phone: null, role: 'senior', jobTitle: null }, MAIL);
    expect((await call()).status).toBe(401);
  });
});
