import { and, eq } from 'drizzle-orm';
import { POST as topUp } from '@/app/api/v1/b2b/balance/topup/route';
import { POST as postBooking } from '@/app/api/v1/b2b/bookings/route';
import { createApiKey } from '@/server/api-access/api-keys';
import { claimIdempotencyKey, IDEMPOTENCY_CLAIM_STALE_SECONDS, pruneIdempotentRequests } from '@/server/api-access/idempotency';
import { idempotentRequests, payments } from '@/server/db/schema';
import type { ApiScope } from '@/shared/auth/permissions';
import { addDays, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// `Idempotency-Key` on the API's mutations (runRoute): the same key and request within 24 hours
// answer the first answer byte for byte without running again; the same key with another request
// is a 422 on the key; requests sent at the same moment with one key never both run. A top-up is
// the probe: unlike a booking it has no idempotency of its own, so every run makes a payment.

let database: TestDatabase;
let agencyId: string;
beforeAll(async () => {
  vi.stubEnv('PAYMENTS_SANDBOX', 'on');
  database = await createTestDatabase({ demoData: { today: new Date() }, poolSize: 8 });
  serveRoutesFrom(database);
  agencyId = (await principalFor(database.db, 'admin@gulfhorizons.test')).agencyId;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

async function keyWith(scopes: ApiScope[]): Promise<string> {
  const admin = await principalFor(database.db, 'admin@gulfhorizons.test');
  return (await createApiKey(database.db, admin, { name: 'Back office', scopes, expiresInDays: 30 })).secret;
}

const topUps = () => database.db.$count(payments, and(eq(payments.agencyId, agencyId), eq(payments.purpose, 'top_up')));

function topUpRequest(secret: string, amount: string, key?: string): Request {
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (key !== undefined) headers['idempotency-key'] = key;
  return apiRequest('/api/v1/b2b/balance/topup', { json: { amount }, headers });
}

async function answerOf(response: Response) {
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

describe('Idempotency-Key', () => {
  it('answers the first answer again, byte for byte, without running the call again', async () => {
    const secret = await keyWith(['balance']);
    const before = await topUps();
    const key = crypto.randomUUID();
    const first = await topUp(topUpRequest(secret, '250', key));
    const firstAnswer = await answerOf(first);
    expect(firstAnswer.status).toBe(200);
    const again = await topUp(topUpRequest(secret, '250', key));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const againAnswer = await answerOf(again);
    expect(againAnswer.status).toBe(firstAnswer.status);
    expect(againAnswer.contentType).toBe(firstAnswer.contentType);
    expect(againAnswer.body.equals(firstAnswer.body)).toBe(true);
    expect(await topUps()).toBe(before + 1);
  });

  it('refuses the same key with another body: 422 on the key, nothing run', async () => {
    const secret = await keyWith(['balance']);
    const key = crypto.randomUUID();
    expect((await topUp(topUpRequest(secret, '300', key))).status).toBe(200);
    const before = await topUps();
    const other = await topUp(topUpRequest(secret, '301', key));
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual([{ fieldName: 'Idempotency-Key', errorMessage: 'This idempotency key was already used with a different request.' }]);
    expect(await topUps()).toBe(before);
  });

  it('keeps a refusal as the answer too, and keys apart per caller', async () => {
    const [mine, theirs] = [await keyWith(['balance']), await keyWith(['balance'])];
    const key = crypto.randomUUID();
    const refused = await answerOf(await topUp(topUpRequest(mine, 'lots', key)));
    expect(refused.status).toBe(422);
    expect((await answerOf(await topUp(topUpRequest(mine, 'lots', key)))).body.equals(refused.body)).toBe(true);
    // Another key's caller has keys of its own: the same key there runs.
    const before = await topUps();
    expect((await topUp(topUpRequest(theirs, '120', key))).status).toBe(200);
    expect(await topUps()).toBe(before + 1);
  });

  it('forgets an answer after 24 hours: the key runs the call again', async () => {
    const secret = await keyWith(['balance']);
    const key = crypto.randomUUID();
    expect((await topUp(topUpRequest(secret, '260', key))).status).toBe(200);
    await database.db
      .update(idempotentRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(idempotentRequests.key, key));
    const before = await topUps();
    const again = await topUp(topUpRequest(secret, '260', key));
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await topUps()).toBe(before + 1);
  });

  it('hands a claim its process never answered (killed mid-call) to the next request after a while, not before', async () => {
    const caller = `test:${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    const claimedAt = new Date(Date.now() - 60_000);
    expect(await claimIdempotencyKey(database.db, caller, key, 'fingerprint', claimedAt)).toEqual({ kind: 'claimed' });
    // Still running, as far as anyone can tell: the same request is told so (409).
    const soon = new Date(claimedAt.getTime() + (IDEMPOTENCY_CLAIM_STALE_SECONDS - 1) * 1000);
    await expect(claimIdempotencyKey(database.db, caller, key, 'fingerprint', soon)).rejects.toMatchObject({ code: 'apiAccess.errors.idempotencyInProgress' });
    const later = new Date(claimedAt.getTime() + (IDEMPOTENCY_CLAIM_STALE_SECONDS + 1) * 1000);
    expect(await claimIdempotencyKey(database.db, caller, key, 'fingerprint', later)).toEqual({ kind: 'claimed' });
  });

  it('are deleted by the pruning job once past their 24 hours, and only then', async () => {
    const secret = await keyWith(['balance']);
    const [old, fresh] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const key of [old, fresh]) expect((await topUp(topUpRequest(secret, '210', key))).status).toBe(200);
    await database.db
      .update(idempotentRequests)
      .set({ createdAt: new Date(Date.now() - 24 * 3600 * 1000 - 1000) })
      .where(eq(idempotentRequests.key, old));
    expect(await pruneIdempotentRequests(database.db)).toBeGreaterThanOrEqual(1);
    const left = (await database.db.select({ key: idempotentRequests.key }).from(idempotentRequests)).map((row) => row.key);
    expect(left).not.toContain(old);
    expect(left).toContain(fresh);
  });

  it('refuses a key that is not 1–255 visible characters', async () => {
    const secret = await keyWith(['balance']);
    const response = await topUp(topUpRequest(secret, '250', 'x'.repeat(256)));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { fieldName: string }[])[0]?.fieldName).toBe('Idempotency-Key');
  });

  it('replays a booking’s 201 as it was (the booking’s own key guards the booking beneath)', async () => {
    const secret = await keyWith(['book']);
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 45);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 5 });
    const body = { offerId: offer.id, date, time: slot.startTime, adults: 1, guestName: 'Idem Potent', guestPhone: '+971500000000', guestEmail: 'idem@example.test', guestEmailConfirm: 'idem@example.test', paymentMethod: 'cash' };
    const headers = { authorization: `Bearer ${secret}`, 'idempotency-key': crypto.randomUUID() };
    const first = await answerOf(await postBooking(apiRequest('/api/v1/b2b/bookings', { json: body, headers })));
    expect(first.status).toBe(201);
    const again = await answerOf(await postBooking(apiRequest('/api/v1/b2b/bookings', { json: body, headers })));
    expect(again).toEqual(first);
    const other = await postBooking(apiRequest('/api/v1/b2b/bookings', { json: { ...body, adults: 2 }, headers }));
    expect(other.status).toBe(422);
  });

  it('never runs two requests sent at the same moment with one key (and without the key, they all run)', async () => {
    const secret = await keyWith(['balance']);
    const key = crypto.randomUUID();
    const before = await topUps();
    const answers = await Promise.all(Array.from({ length: 6 }, () => topUp(topUpRequest(secret, '275', key)).then(answerOf)));
    expect(await topUps()).toBe(before + 1);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    // Every 200 is the one answer, replayed.
    expect(succeeded.every((answer) => answer.body.equals(succeeded[0]!.body))).toBe(true);

    // The control: the same load without the key makes six payments.
    const unguarded = await topUps();
    await Promise.all(Array.from({ length: 6 }, () => topUp(topUpRequest(secret, '275')).then(answerOf)));
    expect(await topUps()).toBe(unguarded + 6);
  });
});
