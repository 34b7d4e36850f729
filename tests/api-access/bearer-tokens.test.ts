import { eq } from 'drizzle-orm';
import { GET as getAccount } from '@/app/api/v1/b2b/account/route';
import { GET as getBalance } from '@/app/api/v1/b2b/balance/route';
import { POST as postBooking } from '@/app/api/v1/b2b/bookings/route';
import { GET as getDocument } from '@/app/api/v1/b2b/bookings/[id]/documents/[document]/route';
import { GET as getAgentDetails } from '@/app/api/catalog/tours/[slug]/agent-details/route';
import { changePassword } from '@/server/account/change-password';
import { deleteAgent, updateAgent } from '@/server/agents/manage-agents';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from '@/server/api-access/access-token';
import { authConfig } from '@/server/auth/auth.config';
import { endSession, endSessions, startSession } from '@/server/auth/sessions';
import { bookings, tours, users } from '@/server/db/schema';
import { DEMO_PASSWORD } from '@/server/db/seed/agencies';
import { MAIL } from '../account/account-fixtures';
import { addDays, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { apiRequest, segment, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The session's access token (spec §1/§3, §6 "protected calls send a bearer access token"): it is
// read through the session's row like the cookie, so it stops on the very next request after its
// session ends, however it ends; and it acts with the agent's own role, nothing more.

const SECRET = 'bearer-token-test-secret-00000000000000000';

let database: TestDatabase;
beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

/** A fresh junior of Desert Rose (the demo password), so the tests share no sessions. */
async function newAgent(): Promise<{ email: string; userId: string }> {
  const { db } = database;
  const [source] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'junior@desertrose.test'));
  const email = `token.${crypto.randomUUID().slice(0, 8)}@desertrose.test`;
  const [user] = await db
    .insert(users)
    .values({ agencyId: DESERT_ROSE, email, name: 'Layla Nasser', role: 'junior', status: 'active', passwordHash: source!.passwordHash })
    .returning({ id: users.id });
  return { email, userId: user!.id };
}

/** What a signed-in browser's session answers as `accessToken`, through Auth.js's session callback. */
async function signIn(userId: string): Promise<{ token: string; sessionId: string }> {
  const sessionId = await startSession(database.db, 'agent', userId);
  const session = await authConfig.callbacks.session({
    session: { user: { id: '', role: 'junior', agencyId: '' }, expires: new Date(Date.now() + 60_000).toISOString() },
    token: { uid: userId, sid: sessionId, role: 'junior', agencyId: DESERT_ROSE },
  } as never);
  const token = (session as { accessToken?: string }).accessToken;
  if (!token) throw new Error('The session carries no access token');
  return { token, sessionId };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const account = (token: string) => getAccount(apiRequest('/api/v1/b2b/account', { headers: bearer(token) }));

describe('a session’s access token', () => {
  it('is carried by the session and calls the API as its agent', async () => {
    const agent = await newAgent();
    const { token } = await signIn(agent.userId);
    expect(token).toMatch(/^td_at_/);
    const response = await account(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: agent.email, role: 'junior' });
  });

  it('stops after sign-out, within one request; the agent’s other sessions go on', async () => {
    const agent = await newAgent();
    const [laptop, phone] = [await signIn(agent.userId), await signIn(agent.userId)];
    expect((await account(laptop.token)).status).toBe(200);
    await endSession(database.db, 'agent', laptop.sessionId);
    expect((await account(laptop.token)).status).toBe(401);
    expect((await account(phone.token)).status).toBe(200);
  });

  it('stops after "sign out everywhere"', async () => {
    const agent = await newAgent();
    const { token } = await signIn(agent.userId);
    expect((await account(token)).status).toBe(200);
    await endSessions(database.db, 'agent', agent.userId);
    expect((await account(token)).status).toBe(401);
  });

  it('stops after a password change', async () => {
    const agent = await newAgent();
    const { token } = await signIn(agent.userId);
    const principal = await principalFor(database.db, agent.email);
    expect((await account(token)).status).toBe(200);
    await changePassword(database.db, principal, { currentPassword: DEMO_PASSWORD, newPassword: 'Sunset-Dunes-2027' });
    expect((await account(token)).status).toBe(401);
  });

  it('stops when the agent is deleted, and when their role changes', async () => {
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const [deleted, promoted] = [await newAgent(), await newAgent()];
    const [deletedToken, promotedToken] = [(await signIn(deleted.userId)).token, (await signIn(promoted.userId)).token];
    await deleteAgent(database.db, admin, deleted.userId);
    expect((await account(deletedToken)).status).toBe(401);
    await updateAgent(database.db, admin, promoted.userId, { name: 'Layla Nasser', email: promoted.email, phone: null, role: 'senior', jobTitle: null }, MAIL);
    expect((await account(promotedToken)).status).toBe(401);
  });

  it('is refused when expired, forged, signed with another secret, or not a bearer credential', async () => {
    const agent = await newAgent();
    const { token, sessionId } = await signIn(agent.userId);
    const issuedLongAgo = issueAccessToken({ userId: agent.userId, sessionId }, Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)!;
    expect((await account(issuedLongAgo)).status).toBe(401);
    const [payload, signature] = token.slice('td_at_'.length).split('.');
    const otherAgent = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), u: crypto.randomUUID() })).toString('base64url');
    expect((await account(`td_at_${otherAgent}.${signature}`)).status).toBe(401);
    const otherSecret = issueAccessToken({ userId: agent.userId, sessionId }, Date.now(), ['another-secret-000000000000000000000000'])!;
    expect((await account(otherSecret)).status).toBe(401);
    expect((await getAccount(apiRequest('/api/v1/b2b/account', { headers: { authorization: `Basic ${token}` } }))).status).toBe(401);
    // The same token as it came is fine.
    expect((await account(token)).status).toBe(200);
  });

  it('of a junior agent reads neither the agency’s bookings, its balance nor NET rates', async () => {
    const { db } = database;
    const [junior, senior] = [await principalFor(db, 'junior@desertrose.test'), await principalFor(db, 'senior@desertrose.test')];
    const [juniorToken, seniorToken] = [(await signIn(junior.userId)).token, (await signIn(senior.userId)).token];
    // A booking of the agency that the junior did not make, booked with the senior's token.
    const offer = await findOffer(db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 50);
    const slot = await prepareSlot(db, offer.id, date, { left: 5 });
    const checkout = { offerId: offer.id, date, time: slot.startTime, adults: 1, guestName: 'Token Guest', guestPhone: '+971500000000', guestEmail: 'token@example.test', guestEmailConfirm: 'token@example.test', paymentMethod: 'cash', idempotencyKey: crypto.randomUUID() };
    const booked = await postBooking(apiRequest('/api/v1/b2b/bookings', { json: checkout, headers: bearer(seniorToken) }));
    expect(booked.status).toBe(201);
    const { reference } = (await booked.json()) as { reference: string };
    const [row] = await db.select({ agentId: bookings.agentId }).from(bookings).where(eq(bookings.reference, reference));
    expect(row?.agentId).toBe(senior.userId);

    const document = await getDocument(apiRequest(`/api/v1/b2b/bookings/${reference}/documents/voucher`, { headers: bearer(juniorToken) }), segment({ id: reference, document: 'voucher' }));
    expect(document.status).toBe(404);
    expect((await getBalance(apiRequest('/api/v1/b2b/balance', { headers: bearer(juniorToken) }))).status).toBe(403);
    const [tour] = await db.select({ slug: tours.slug }).from(tours).where(eq(tours.isActive, true)).limit(1);
    const details = async (token: string) => {
      const response = await getAgentDetails(apiRequest(`/api/catalog/tours/${tour!.slug}/agent-details`, { headers: bearer(token) }), segment({ slug: tour!.slug }));
      expect(response.status).toBe(200);
      return (await response.json()) as { b2b: unknown };
    };
    expect((await details(juniorToken)).b2b).toBeNull();
    // The senior's token, for contrast, sees them.
    expect((await details(seniorToken)).b2b).not.toBeNull();
    expect((await getBalance(apiRequest('/api/v1/b2b/balance', { headers: bearer(seniorToken) }))).status).toBe(200);
  });
});
