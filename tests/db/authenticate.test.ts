import { eq } from 'drizzle-orm';
import { authenticateAgent, THROTTLE } from '@/server/auth/authenticate';
import { verifyPassword } from '@/server/auth/password';
import { agencies, users } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAgencies(database.db);
});

afterAll(() => database.dispose());

const ip = '203.0.113.7';

describe('demo agencies', () => {
  it('seeds three agencies with an admin, a senior and a junior each, idempotently', async () => {
    await seedAgencies(database.db);
    const rows = await database.db
      .select({ email: users.email, role: users.role, agency: agencies.name })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .orderBy(users.email);
    expect(rows).toEqual([
      { email: 'admin@desertrose.test', role: 'admin', agency: 'Desert Rose Travel' },
      { email: 'admin@gulfhorizons.test', role: 'admin', agency: 'Gulf Horizons Tours' },
      { email: 'admin@palmcoast.test', role: 'admin', agency: 'Palm Coast Holidays' },
      { email: 'junior@desertrose.test', role: 'junior', agency: 'Desert Rose Travel' },
      { email: 'junior@gulfhorizons.test', role: 'junior', agency: 'Gulf Horizons Tours' },
      { email: 'junior@palmcoast.test', role: 'junior', agency: 'Palm Coast Holidays' },
      { email: 'senior@desertrose.test', role: 'senior', agency: 'Desert Rose Travel' },
      { email: 'senior@gulfhorizons.test', role: 'senior', agency: 'Gulf Horizons Tours' },
      { email: 'senior@palmcoast.test', role: 'senior', agency: 'Palm Coast Holidays' },
    ]);
  });

  it('stores argon2id hashes, never the password', async () => {
    const [user] = await database.db.select().from(users).where(eq(users.email, 'senior@desertrose.test'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });
});

describe('authenticateAgent', () => {
  it('signs in with the demo password, whatever the e-mail case', async () => {
    const result = await authenticateAgent(database.db, { email: ' Senior@DesertRose.test ', password: DEMO_PASSWORD, ip });
    expect(result).toMatchObject({ ok: true, agent: { email: 'senior@desertrose.test', role: 'senior' } });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    expect(await authenticateAgent(database.db, { email: 'junior@gulfhorizons.test', password: 'nope', ip })).toEqual({
      ok: false,
      reason: 'invalidCredentials',
    });
    expect(await authenticateAgent(database.db, { email: 'nobody@example.test', password: DEMO_PASSWORD, ip })).toEqual({
      ok: false,
      reason: 'invalidCredentials',
    });
  });

  it('refuses a deleted agent', async () => {
    await database.db.update(users).set({ status: 'deleted' }).where(eq(users.email, 'junior@desertrose.test'));
    const result = await authenticateAgent(database.db, { email: 'junior@desertrose.test', password: DEMO_PASSWORD, ip });
    expect(result).toEqual({ ok: false, reason: 'invalidCredentials' });
    await database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'junior@desertrose.test'));
  });

  it('throttles an e-mail after repeated failures, even with the right password, then lets it in again', async () => {
    const email = 'admin@gulfhorizons.test';
    const start = new Date('2026-11-21T10:00:00Z');
    for (let i = 0; i < THROTTLE.perEmail; i++) {
      await authenticateAgent(database.db, { email, password: 'wrong', ip: `198.51.100.${i}` }, start);
    }
    const blocked = await authenticateAgent(database.db, { email, password: DEMO_PASSWORD, ip: '198.51.100.99' }, start);
    expect(blocked).toEqual({ ok: false, reason: 'throttled' });

    const later = new Date(start.getTime() + (THROTTLE.windowMinutes + 1) * 60_000);
    const allowed = await authenticateAgent(database.db, { email, password: DEMO_PASSWORD, ip: '198.51.100.99' }, later);
    expect(allowed.ok).toBe(true);
  });

  it('throttles an address that tries many e-mails', async () => {
    const attacker = '192.0.2.1';
    const at = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < THROTTLE.perIp; i++) {
      await authenticateAgent(database.db, { email: `guess${i}@example.test`, password: 'x', ip: attacker }, at);
    }
    const result = await authenticateAgent(database.db, { email: 'senior@gulfhorizons.test', password: DEMO_PASSWORD, ip: attacker }, at);
    expect(result).toEqual({ ok: false, reason: 'throttled' });
  });
});
