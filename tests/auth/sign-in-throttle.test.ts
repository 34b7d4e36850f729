import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { authenticateAgent, type AuthenticationResult } from '@/server/auth/authenticate';
import { SIGN_IN_THROTTLE } from '@/server/auth/sign-in-throttle';
import { rateLimits } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { clientAddress } from '@/server/http/client-address';
import { installPeerAddressHeader } from '@/server/platform/peer-address';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Sign-in throttling, on the production code, on both databases. Twenty connections,
// so that concurrent attempts really run side by side on PostgreSQL.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  await seedAgencies(database.db);
});
afterAll(() => database.dispose());

const { freeAttempts, maxDelaySeconds, quietSeconds, perAddress } = SIGN_IN_THROTTLE;
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
let addresses = 0;
/** A client address no other test uses. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

function attempt(email: string, password: string, now: Date, address = newAddress()): Promise<AuthenticationResult> {
  return authenticateAgent(database.db, { email, password, address }, now);
}

describe('per client address', () => {
  it('a new X-Forwarded-For on each attempt does not escape the limit (no trusted proxy)', async () => {
    // A real server with the peer-address hook, reading the client the way sign-in does.
    installPeerAddressHeader();
    const now = new Date('2026-12-01T10:00:00Z');
    const server = http.createServer(async (request, response) => {
      const email = String(request.headers['x-email']);
      const address = clientAddress(new Headers({ 'x-forwarded-for': String(request.headers['x-forwarded-for']) }), 0);
      const result = await authenticateAgent(database.db, { email, password: 'guess', address }, now);
      response.end(result.ok ? 'ok' : result.reason);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const signIn = async (email: string, forgedAddress: string) =>
      (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-email': email, 'x-forwarded-for': forgedAddress } })).text();
    try {
      // A different e-mail each time, so only the address can stop it.
      const answers: string[] = [];
      for (let i = 0; i <= perAddress.limit; i += 1) answers.push(await signIn(`guess${i}@example.test`, `192.0.2.${i}`));
      expect(answers.slice(0, perAddress.limit)).toEqual(Array(perAddress.limit).fill('invalidCredentials'));
      expect(answers.at(-1)).toBe('throttled');
    } finally {
      server.close();
    }
  });

  it('counts failures, not sign-ins: an office of agents behind one address signs in all day', async () => {
    const office = newAddress();
    const now = new Date('2026-12-01T11:00:00Z');
    for (let i = 0; i < perAddress.limit + 5; i += 1) {
      expect((await attempt('senior@palmcoast.test', DEMO_PASSWORD, now, office)).ok).toBe(true);
    }
    for (let i = 0; i < perAddress.limit - 1; i += 1) await attempt(`typo${i}@palmcoast.test`, 'typo', now, office);
    expect((await attempt('admin@palmcoast.test', DEMO_PASSWORD, now, office)).ok).toBe(true);
  });

  it('opens again when the window is over, and says how long until then', async () => {
    const address = newAddress();
    const start = new Date('2026-12-01T12:00:00Z');
    for (let i = 0; i < perAddress.limit; i += 1) await attempt(`window${i}@example.test`, 'x', start, address);
    const tenMinutesOn = later(start, 600);
    expect(await attempt('senior@gulfhorizons.test', DEMO_PASSWORD, tenMinutesOn, address)).toEqual({
      ok: false,
      reason: 'throttled',
      retryAfterSeconds: perAddress.windowSeconds - 600,
    });
    expect((await attempt('senior@gulfhorizons.test', DEMO_PASSWORD, later(start, perAddress.windowSeconds), address)).ok).toBe(true);
  });
});

describe('per e-mail: a wrong-password streak slows the e-mail down', () => {
  it('20 concurrent wrong guesses: a handful are checked, the rest refused unchecked', async () => {
    const now = new Date('2026-12-02T10:00:00Z');
    // Every guess from another address, as from a botnet: only the e-mail's streak can stop them.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt('admin@gulfhorizons.test', `guess-${i}`, now)));
    const checked = results.filter((result) => !(result.ok === false && result.reason === 'throttled'));
    expect(checked).toEqual(Array(freeAttempts).fill({ ok: false, reason: 'invalidCredentials' }));
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'sign-in:email:admin@gulfhorizons.test'));
    expect(row?.count).toBe(freeAttempts);
  });

  it('lets the real agent in after the streak’s delay, and a right password ends the streak', async () => {
    const email = 'junior@gulfhorizons.test';
    const start = new Date('2026-12-02T11:00:00Z');
    for (let i = 0; i < freeAttempts; i += 1) expect(await attempt(email, `wrong-${i}`, start)).toEqual({ ok: false, reason: 'invalidCredentials' });
    // The right password too must wait: checking it now would tell a guesser it was right.
    expect(await attempt(email, DEMO_PASSWORD, start)).toEqual({ ok: false, reason: 'throttled', retryAfterSeconds: 1 });
    expect((await attempt(email, DEMO_PASSWORD, later(start, 1))).ok).toBe(true);
    // A fresh streak: the next slips are free again.
    for (let i = 0; i < freeAttempts; i += 1) expect(await attempt(email, `slip-${i}`, later(start, 2))).toEqual({ ok: false, reason: 'invalidCredentials' });
  });

  it('doubles the wait with each wrong password up to about a minute, never a lockout', async () => {
    const email = 'senior@gulfhorizons.test';
    let now = new Date('2026-12-02T12:00:00Z');
    for (let i = 0; i < freeAttempts - 1; i += 1) await attempt(email, 'wrong', now);
    const waits: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      expect(await attempt(email, 'wrong', now)).toEqual({ ok: false, reason: 'invalidCredentials' });
      const refused = await attempt(email, DEMO_PASSWORD, now);
      if (refused.ok || refused.reason !== 'throttled') throw new Error('expected a wait');
      waits.push(refused.retryAfterSeconds);
      now = later(now, refused.retryAfterSeconds);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, maxDelaySeconds, maxDelaySeconds, maxDelaySeconds]);
    expect((await attempt(email, DEMO_PASSWORD, now)).ok).toBe(true);
  });

  it('does not let refused attempts prolong the wait, so a guesser cannot keep the agent out', async () => {
    const email = 'admin@desertrose.test';
    const start = new Date('2026-12-02T13:00:00Z');
    for (let i = 0; i < freeAttempts + 2; i += 1) await attempt(email, 'wrong', later(start, i * 10));
    const blockedAt = later(start, (freeAttempts + 1) * 10);
    // Hammering during the wait: each refused, none counted.
    for (let i = 0; i < 50; i += 1) await attempt(email, 'wrong', later(blockedAt, 1));
    expect((await attempt(email, DEMO_PASSWORD, later(blockedAt, 4))).ok).toBe(true);
  });

  it('starts a streak afresh after a quiet quarter of an hour', async () => {
    const email = 'junior@desertrose.test';
    const start = new Date('2026-12-02T14:00:00Z');
    for (let i = 0; i < freeAttempts; i += 1) await attempt(email, 'wrong', start);
    const quiet = later(start, quietSeconds + 1);
    for (let i = 0; i < freeAttempts; i += 1) expect(await attempt(email, 'wrong', quiet)).toEqual({ ok: false, reason: 'invalidCredentials' });
  });
});
