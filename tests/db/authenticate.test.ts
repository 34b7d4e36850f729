import { eq } from 'drizzle-orm';
import { authenticateAgent } from '@/server/auth/authenticate';
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

const address = '203.0.113.7';

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
    const result = await authenticateAgent(database.db, { email: ' Senior@DesertRose.test ', password: DEMO_PASSWORD, address });
    expect(result).toMatchObject({ ok: true, agent: { email: 'senior@desertrose.test', role: 'senior' } });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    expect(await authenticateAgent(database.db, { email: 'junior@gulfhorizons.test', password: 'nope', address })).toEqual({
      ok: false,
      reason: 'invalidCredentials',
    });
    expect(await authenticateAgent(database.db, { email: 'nobody@example.test', password: DEMO_PASSWORD, address })).toEqual({
      ok: false,
      reason: 'invalidCredentials',
    });
  });

  it('refuses a deleted agent', async () => {
    await database.db.update(users).set({ status: 'deleted' }).where(eq(users.email, 'junior@desertrose.test'));
    const result = await authenticateAgent(database.db, { email: 'junior@desertrose.test', password: DEMO_PASSWORD, address });
    expect(result).toEqual({ ok: false, reason: 'invalidCredentials' });
    await database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'junior@desertrose.test'));
  });
});
