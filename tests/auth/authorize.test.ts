import { encode } from 'next-auth/jwt';
import type { DatabaseConnection } from '@/server/db/connection';
import { authorizeCredentials, MaintenanceSignin, ThrottledSignin } from '@/server/auth/authorize';
import { credentialsSchema } from '@/server/auth/credentials-schema';
import { principalOfCookies } from '@/server/auth/principal';
import { isDatabaseKnownDown } from '@/server/db/health';
import { markDatabaseUp } from '@/server/db/health-state';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Auth.js's `authorize`: what the sign-in form's action and Auth.js's own endpoint both run.

const SECRET = 'authorize-test-secret-000000000000000000';
let live: TestDatabase;
const globalForDb = globalThis as typeof globalThis & { traveldeskDb?: Promise<DatabaseConnection> };

beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  live = await createTestDatabase();
  await seedAgencies(live.db);
  // The recovery probe an outage starts asks the process's database: let it be this one.
  globalForDb.traveldeskDb = Promise.resolve(live);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  delete globalForDb.traveldeskDb;
  markDatabaseUp();
  await live.dispose();
});

const headers = (address: string) => new Headers({ 'x-forwarded-for': address });

describe('authorizeCredentials', () => {
  it('returns the agent with a new session that resolves to it', async () => {
    const user = await authorizeCredentials({ email: 'senior@desertrose.test', password: DEMO_PASSWORD }, headers('203.0.113.90'), async () => live.db);
    expect(user).toMatchObject({ email: 'senior@desertrose.test', role: 'senior', sessionId: expect.any(String) });
    // The cookie Auth.js writes from it (auth.config.ts's jwt callback copies id and sessionId).
    const value = await encode({ token: { uid: user?.id, sid: user?.sessionId }, secret: SECRET, salt: 'authjs.session-token' });
    const cookies = { getAll: () => [{ name: 'authjs.session-token', value }] };
    expect(await principalOfCookies(cookies, async () => live.db)).toMatchObject({ email: 'senior@desertrose.test', role: 'senior' });
  });

  it('throws ThrottledSignin with the wait once the address is spent', async () => {
    const address = '203.0.113.91';
    for (let i = 0; i < 20; i += 1) await authorizeCredentials({ email: `x${i}@example.test`, password: 'x' }, headers(address), async () => live.db);
    const refused = await authorizeCredentials({ email: 'senior@desertrose.test', password: DEMO_PASSWORD }, headers(address), async () => live.db).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ThrottledSignin);
    expect((refused as ThrottledSignin).code).toBe('throttled');
    expect((refused as ThrottledSignin).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses control characters before anything reaches the database', async () => {
    const untouchable = () => Promise.reject(new Error('the database must not be asked'));
    expect(await authorizeCredentials({ email: 'senior@desertrose.test\u0000', password: DEMO_PASSWORD }, headers('203.0.113.92'), untouchable)).toBeNull();
    expect(await authorizeCredentials({ email: 'senior@desertrose.test', password: 'Traveldesk!2026\u001b' }, headers('203.0.113.92'), untouchable)).toBeNull();
    expect(credentialsSchema.safeParse({ email: 'a@b.test', password: 'x\u0085' }).error?.issues[0]?.message).toBe('errors.controlCharacters');
  });

  it('answers "maintenance" while the database is down, and marks it down', async () => {
    const gone = await createTestDatabase();
    await gone.dispose();
    const refused = await authorizeCredentials({ email: 'senior@desertrose.test', password: DEMO_PASSWORD }, headers('203.0.113.93'), async () => gone.db).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MaintenanceSignin);
    expect((refused as MaintenanceSignin).code).toBe('maintenance');
    expect(isDatabaseKnownDown()).toBe(true);
  });
});
