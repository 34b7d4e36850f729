import { eq } from 'drizzle-orm';
import { decode, encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { changePassword } from '@/server/account/change-password';
import { requestPasswordReset } from '@/server/account/request-password-reset';
import { resetPassword } from '@/server/account/reset-password';
import { deleteAgent, restoreAgent, updateAgent } from '@/server/agents/manage-agents';
import { endSession, endSessions, startSession } from '@/server/auth/sessions';
import { SESSION_MAX_AGE_SECONDS } from '@/server/auth/auth.config';
import { authenticateAgent } from '@/server/auth/authenticate';
import { principalOfCookies } from '@/server/auth/principal';
import { answerEndedSession } from '@/server/auth/session-endpoint';
import { users } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { linkToken, MAIL } from '../account/account-fixtures';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Revocable sessions: a copied session cookie must stop working when its session ends, however it ends.
// A "browser" here is a session cookie made the way sign-in makes it (authorize starts the
// session's row, Auth.js encrypts `uid` and `sid` into the cookie); a copy is the same cookie.

const SECRET = 'session-revocation-test-secret-0000000000';
const COOKIE = 'authjs.session-token';
const NEW_PASSWORD = 'Sunset-Dunes-2027';

let database: TestDatabase;
beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  database = await createTestDatabase();
  await seedAgencies(database.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

type Browser = { cookies: { getAll(): { name: string; value: string }[] }; header: string };

/** Signs in as sign-in does: the password checked, a session row started, the cookie written. */
async function signIn(email: string, password = DEMO_PASSWORD, now = new Date()): Promise<Browser> {
  const { db } = database;
  const result = await authenticateAgent(db, { email, password, address: '203.0.113.80' }, now);
  if (!result.ok) throw new Error(`Sign-in of ${email} failed: ${result.reason}`);
  const sid = await startSession(db, 'agent', result.agent.id, now);
  const value = await encode({ token: { uid: result.agent.id, sid, role: result.agent.role, agencyId: result.agent.agencyId }, secret: SECRET, salt: COOKIE });
  return { cookies: { getAll: () => [{ name: COOKIE, value }] }, header: `${COOKIE}=${value}` };
}

/** Who a request carrying this cookie acts for (what getPrincipal answers). */
function principalOf(browser: Browser, now?: Date) {
  return principalOfCookies(browser.cookies, async () => database.db, now);
}

async function sidOf(browser: Browser): Promise<string> {
  const token = await decode({ token: browser.cookies.getAll()[0]!.value, secret: SECRET, salt: COOKIE });
  return String(token?.sid);
}

/** A fresh junior of Desert Rose, so the tests share no sessions or passwords. */
async function newAgent(): Promise<{ email: string; userId: string }> {
  const { db } = database;
  const admin = await principalFor(db, 'admin@desertrose.test');
  const template = await principalFor(db, 'junior@desertrose.test');
  const [source] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, template.email));
  const email = `agent.${crypto.randomUUID().slice(0, 8)}@desertrose.test`;
  const [user] = await db
    .insert(users)
    .values({ agencyId: admin.agencyId, email, name: 'Omar Haddad', role: 'junior', status: 'active', passwordHash: source!.passwordHash })
    .returning({ id: users.id });
  return { email, userId: user!.id };
}

describe('a copied session cookie', () => {
  it('works while its session lives', async () => {
    const agent = await newAgent();
    const browser = await signIn(agent.email);
    const copy = { ...browser };
    expect(await principalOf(browser)).toMatchObject({ userId: agent.userId, role: 'junior' });
    expect(await principalOf(copy)).toMatchObject({ userId: agent.userId });
  });

  it('stops after sign-out; the agent’s other browsers stay signed in', async () => {
    const agent = await newAgent();
    const [laptop, phone] = [await signIn(agent.email), await signIn(agent.email)];
    const copy = { ...laptop };
    await endSession(database.db, 'agent', await sidOf(laptop)); // Auth.js's signOut event
    expect(await principalOf(copy)).toBeNull();
    expect(await principalOf(phone)).toMatchObject({ userId: agent.userId });
  });

  it('stops after "sign out everywhere", in every browser', async () => {
    const agent = await newAgent();
    const [laptop, phone] = [await signIn(agent.email), await signIn(agent.email)];
    await endSessions(database.db, 'agent', agent.userId);
    expect(await principalOf({ ...laptop })).toBeNull();
    expect(await principalOf(phone)).toBeNull();
  });

  it('stops after a password change; the browser that changed it goes on in a new session', async () => {
    const agent = await newAgent();
    const [browser, phone] = [await signIn(agent.email), await signIn(agent.email)];
    const copy = { ...browser };
    const principal = await principalOf(browser);
    await changePassword(database.db, principal!, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(await principalOf(copy)).toBeNull();
    expect(await principalOf(browser)).toBeNull();
    expect(await principalOf(phone)).toBeNull();
    // What the change-password action does next (server/auth/renew-session.ts): sign in again.
    const renewed = await signIn(agent.email, NEW_PASSWORD);
    expect(await principalOf(renewed)).toMatchObject({ userId: agent.userId });
    expect(await principalOf(copy)).toBeNull();
  });

  it('stops after a password reset', async () => {
    const agent = await newAgent();
    const copy = { ...(await signIn(agent.email)) };
    await requestPasswordReset(database.db, agent.email, MAIL);
    await resetPassword(database.db, { token: await linkToken(database.db, agent.email), password: NEW_PASSWORD });
    expect(await principalOf(copy)).toBeNull();
  });

  it('stops when the agent is deleted, and stays dead after a restore', async () => {
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const agent = await newAgent();
    const copy = { ...(await signIn(agent.email)) };
    await deleteAgent(database.db, admin, agent.userId);
    expect(await principalOf(copy)).toBeNull();
    await restoreAgent(database.db, admin, agent.userId);
    expect(await principalOf(copy)).toBeNull();
    expect(await principalOf(await signIn(agent.email))).toMatchObject({ userId: agent.userId });
  });

  it('does not outlive a restore, even a row left from the time the agent was deleted', async () => {
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const agent = await newAgent();
    await deleteAgent(database.db, admin, agent.userId);
    // Say a sign-in racing the deletion left a row: the restore must not bring it to life.
    const sid = await startSession(database.db, 'agent', agent.userId);
    await restoreAgent(database.db, admin, agent.userId);
    const value = await encode({ token: { uid: agent.userId, sid }, secret: SECRET, salt: COOKIE });
    expect(await principalOf({ cookies: { getAll: () => [{ name: COOKIE, value }] }, header: '' })).toBeNull();
  });

  it('stops when the agent’s role changes (the cookie carries the old one)', async () => {
    const admin = await principalFor(database.db, 'admin@desertrose.test');
    const agent = await newAgent();
    const copy = { ...(await signIn(agent.email)) };
    await updateAgent(database.db, admin, agent.userId, { name: 'Omar Haddad', email: agent.email, phone: null, role: 'senior', jobTitle: null }, MAIL);
    expect(await principalOf(copy)).toBeNull();
    expect(await principalOf(await signIn(agent.email))).toMatchObject({ role: 'senior' });
  });

  it('stops when the session expires, a working day after sign-in', async () => {
    const agent = await newAgent();
    const signedInAt = new Date();
    const browser = await signIn(agent.email, DEMO_PASSWORD, signedInAt);
    expect(await principalOf(browser, new Date(signedInAt.getTime() + (SESSION_MAX_AGE_SECONDS - 60) * 1000))).not.toBeNull();
    expect(await principalOf(browser, new Date(signedInAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000))).toBeNull();
  });

  it('names its own agent: a session id under another agent’s cookie opens nothing', async () => {
    const [mine, theirs] = [await newAgent(), await newAgent()];
    const sid = await sidOf(await signIn(theirs.email));
    const value = await encode({ token: { uid: mine.userId, sid }, secret: SECRET, salt: COOKIE });
    expect(await principalOf({ cookies: { getAll: () => [{ name: COOKIE, value }] }, header: '' })).toBeNull();
  });
});

describe('/api/auth/session', () => {
  const sessionRequest = (cookie: string) => new NextRequest('http://localhost:3000/api/auth/session', { headers: { cookie } });

  it('answers null for an ended session and clears its cookie and the signed-in hint', async () => {
    const agent = await newAgent();
    const browser = await signIn(agent.email);
    await endSessions(database.db, 'agent', agent.userId);
    const response = await answerEndedSession(sessionRequest(`${browser.header}; td-signed-in=1`), async () => database.db);
    expect(response?.status).toBe(200);
    expect(await response?.json()).toBeNull();
    const cleared = response?.headers.getSetCookie() ?? [];
    expect(cleared).toEqual(expect.arrayContaining([expect.stringMatching(/^authjs\.session-token=;.*Max-Age=0/), expect.stringMatching(/^td-signed-in=;.*Max-Age=0/)]));
  });

  it('answers null for a cookie that does not decode (forged, or signed with another secret)', async () => {
    const response = await answerEndedSession(sessionRequest(`${COOKIE}=forged`), async () => database.db);
    expect(await response?.json()).toBeNull();
  });

  it('leaves a live session, and no session at all, to Auth.js', async () => {
    const agent = await newAgent();
    const browser = await signIn(agent.email);
    expect(await answerEndedSession(sessionRequest(browser.header), async () => database.db)).toBeNull();
    expect(await answerEndedSession(sessionRequest('other=1'), async () => database.db)).toBeNull();
  });
});
