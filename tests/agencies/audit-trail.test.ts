import { eq } from 'drizzle-orm';
import { recordAudit } from '@/server/audit/audit';
import { listAuditTrail } from '@/server/audit/audit-queries';
import type { Principal } from '@/server/auth/principal';
import { auditLog } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let admin: Principal;
let junior: Principal;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  admin = await principalFor(database.db, 'admin@gulfhorizons.test');
  junior = await principalFor(database.db, 'junior@gulfhorizons.test');
  const palmCoastAdmin = await principalFor(database.db, 'admin@palmcoast.test');
  const at = (minute: number) => new Date(Date.UTC(2020, 0, 20, 8, minute));
  await database.db.insert(auditLog).values([
    // Sign-up and approval have no agent as author.
    { agencyId: admin.agencyId, actorUserId: null, entity: 'agency', entityId: admin.agencyId, action: 'agency.create', changes: {}, createdAt: at(0) },
    { agencyId: admin.agencyId, actorUserId: null, entity: 'agency', entityId: admin.agencyId, action: 'agency.approve', changes: {}, createdAt: at(1) },
    ...Array.from({ length: 22 }, (_, index) => ({
      agencyId: admin.agencyId,
      actorUserId: admin.userId,
      entity: 'agency',
      entityId: admin.agencyId,
      action: 'agency.update',
      changes: { bankNotes: { from: null, to: `note ${index}` } },
      createdAt: at(2 + index),
    })),
    { agencyId: palmCoastAdmin.agencyId, actorUserId: palmCoastAdmin.userId, entity: 'agency', entityId: palmCoastAdmin.agencyId, action: 'agency.update', changes: { name: { from: 'a', to: 'b' } }, createdAt: at(30) },
  ]);
  // As the agents feature records a role change: now, after the entries above.
  await recordAudit(database.db, {
    agencyId: admin.agencyId,
    actorUserId: admin.userId,
    entity: 'user',
    entityId: junior.userId,
    action: 'user.update',
    changes: { role: { from: 'junior', to: 'senior' } },
  });
});
afterAll(() => database.dispose());

describe('the audit trail', () => {
  it('lists the agency’s entries newest first, naming the author and the agent concerned', async () => {
    const page = await listAuditTrail(database.db, admin, { limit: 20 });
    expect(page.entries).toHaveLength(20);
    expect(page.entries[0]).toMatchObject({ action: 'user.update', actorName: 'Rashid Al Mansoori', subjectName: 'Dmitry Volkov', changes: { role: { from: 'junior', to: 'senior' } } });
    expect(page.entries[1]).toMatchObject({ action: 'agency.update', actorName: 'Rashid Al Mansoori', subjectName: null, changes: { bankNotes: { from: null, to: 'note 21' } } });
    const times = page.entries.map((entry) => entry.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.entries.every((entry) => entry.changes.name === undefined)).toBe(true);
  });

  it('pages back from the last shown entry to the system entries, then ends', async () => {
    const first = await listAuditTrail(database.db, admin, { limit: 20 });
    expect(first.nextBefore).toBe(first.entries.at(-1)!.id);
    const second = await listAuditTrail(database.db, admin, { limit: 20, before: first.nextBefore });
    expect(second.entries.map((entry) => entry.action)).toEqual(['agency.update', 'agency.update', 'agency.update', 'agency.approve', 'agency.create']);
    expect(second.entries.at(-1)).toMatchObject({ actorName: null });
    expect(second.nextBefore).toBeNull();
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(25);
  });

  it('shows nothing for a cursor of another agency or a malformed one', async () => {
    const [foreign] = await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'agency.update')).orderBy(auditLog.createdAt).limit(1);
    const palmCoast = await principalFor(database.db, 'admin@palmcoast.test');
    expect((await listAuditTrail(database.db, palmCoast, { limit: 20, before: foreign!.id })).entries).toEqual([]);
    expect((await listAuditTrail(database.db, admin, { limit: 20, before: 'not-an-id' })).entries).toEqual([]);
  });

  it('is for admins only', async () => {
    await expect(listAuditTrail(database.db, junior, { limit: 20 })).rejects.toBeInstanceOf(Forbidden);
  });
});
