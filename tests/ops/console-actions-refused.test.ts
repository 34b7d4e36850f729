import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import type { Principal } from '@/server/auth/principal';
import { ROLES } from '@/shared/auth/permissions';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { serveRoutesFrom, session, staffSession } from '../support/route-requests';

// The console's security rule (staff only, each with their permission), for every console action at once: each server action module
// under server/ops/ ('use server') is loaded and each of its actions is called as a signed-out
// visitor and as every agency role, as a post straight to the action would. Each must answer
// 401 and change nothing (the database is compared before and after).

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const root = path.resolve(__dirname, '../..');

function actionModules(dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return [];
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return actionModules(relative);
    if (!/\.tsx?$/.test(entry.name)) return [];
    return /^'use server';$/m.test(fs.readFileSync(path.join(root, relative), 'utf8')) ? [relative] : [];
  });
}

let live: TestDatabase;
beforeAll(async () => {
  live = await createTestDatabase();
  serveRoutesFrom(live);
});
afterAll(() => live.dispose());
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
async function query<Row>(text: string): Promise<Row[]> {
  const result = (await live.db.execute(sql.raw(text))) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Row counts of every table: an action that ran would have changed one. */
async function snapshot(): Promise<string> {
  const tables = await query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const counts: string[] = [];
  for (const { tablename } of tables) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from "${tablename}"`);
    counts.push(`${tablename}:${row!.n}`);
  }
  return counts.join(',');
}

const callers: { name: string; principal: Principal | null }[] = [
  { name: 'a visitor', principal: null },
  ...ROLES.map((role) => ({ name: `an agency ${role}`, principal: { userId: 'u1', email: `${role}@x.test`, name: role, role, agencyId: 'a1', agencyName: 'A', agencyApproved: true } })),
];

describe('every console action refuses everyone but staff', () => {
  const modules = actionModules('server/ops');

  it('finds the console actions', () => {
    expect(modules.length).toBeGreaterThan(0);
  });

  it.each(modules)('%s', async (file) => {
    const loaded = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
    const actions = Object.entries(loaded).filter((entry): entry is [string, (...args: unknown[]) => Promise<unknown>] => typeof entry[1] === 'function');
    expect(actions.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const caller of callers) {
      session.principal = caller.principal;
      for (const [name, action] of actions) {
        const form = new FormData();
        form.set('id', '00000000-0000-4000-8000-000000000000');
        // Both shapes of a form action: (formData) and (previousState, formData).
        const outcome = await action(form, form).catch((error: unknown) => error);
        expect({ caller: caller.name, action: name, outcome }).toMatchObject({ outcome: { ok: false, status: 401 } });
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
