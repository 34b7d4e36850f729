import { eq } from 'drizzle-orm';
import { recordAudit, recordStaffAudit } from '@/server/audit/audit';
import { agencies, auditLog, staffMembers, users } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedStaff } from '@/server/db/seed/staff';
import { AUDIT_PAGE_SIZE, auditValue, listAuditLog, parseAuditFilters } from '@/server/ops/audit/audit-queries';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The whole audit log: newest first, keyset pages, and search by agency, agent,
// staff member, entity and date, with who (and their role) beside each change.

let live: TestDatabase;
let operator: StaffPrincipal;
let settingsEntryId: string;

beforeAll(async () => {
  live = await createTestDatabase();
  await seedAgencies(live.db);
  await seedStaff(live.db);
  const [staff] = await live.db.select().from(staffMembers).where(eq(staffMembers.role, 'operator'));
  operator = { staffId: staff!.id, email: staff!.email, name: staff!.name, role: 'operator' };
  const [agency] = await live.db.select().from(agencies).where(eq(agencies.name, 'Desert Rose Travel')).limit(1);
  const agencyRow = agency ?? (await live.db.select().from(agencies).limit(1))[0]!;
  const [agent] = await live.db.select().from(users).where(eq(users.agencyId, agencyRow.id)).limit(1);
  // 70 agent changes on one agency, a console settings change, all at distinct times.
  await live.db.delete(auditLog);
  for (let index = 0; index < 70; index += 1) {
    await recordAudit(live.db, { agencyId: agencyRow.id, actorUserId: agent!.id, entity: 'user', entityId: agent!.id, action: 'user.update', changes: { name: { from: `A${index}`, to: `B${index}` } } });
  }
  await recordStaffAudit(live.db, { actorStaffId: operator.staffId, entity: 'settings', entityId: null, action: 'settings.update', changes: { supportWhatsApp: { from: '+971 1', to: '+971 2' } } });
  const [entry] = await live.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
  settingsEntryId = entry!.id;
  // Same timestamps for several rows: the keyset must still neither skip nor repeat.
  await live.db.update(auditLog).set({ createdAt: new Date('2026-11-24T10:00:00Z') }).where(eq(auditLog.entity, 'user'));
  await live.db.update(auditLog).set({ createdAt: new Date('2026-11-25T10:00:00Z') }).where(eq(auditLog.entity, 'settings'));
});
afterAll(() => live.dispose());

describe('audit log', () => {
  it('pages newest first by keyset without skipping or repeating rows', async () => {
    const first = await listAuditLog(live.db, operator, parseAuditFilters({}));
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ id: settingsEntryId, staff: { email: operator.email, role: 'operator' }, agent: null, agencyName: null });
    expect(first.next).toBe(first.rows.at(-1)!.id);
    const second = await listAuditLog(live.db, operator, parseAuditFilters({ before: first.next! }));
    expect(second.rows).toHaveLength(71 - AUDIT_PAGE_SIZE);
    expect(second.next).toBeNull();
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(71);
  });

  it('searches by agency name, agent, staff member, entity and id, and Dubai dates', async () => {
    const all = await listAuditLog(live.db, operator, parseAuditFilters({}));
    const agencyName = all.rows[1]!.agencyName!;
    const agentEmail = all.rows[1]!.agent!.email;
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ agency: agencyName.slice(0, 5).toLowerCase() }))).rows.every((row) => row.agencyName === agencyName)).toBe(true);
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ user: agentEmail.toUpperCase() }))).rows[0]).toMatchObject({ agent: { email: agentEmail, role: expect.any(String) } });
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ staff: operator.name }))).rows.map((row) => row.id)).toEqual([settingsEntryId]);
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ entity: 'settings' }))).rows).toHaveLength(1);
    const entityId = all.rows[1]!.entityId!;
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ entity: 'user', entityId }))).rows.length).toBeGreaterThan(0);
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ from: '2026-11-25', to: '2026-11-25' }))).rows.map((row) => row.id)).toEqual([settingsEntryId]);
    expect((await listAuditLog(live.db, operator, parseAuditFilters({ to: '2026-11-24' }))).rows).toHaveLength(AUDIT_PAGE_SIZE);
  });

  it('drops filters that do not parse and reads values as one line', () => {
    expect(parseAuditFilters({ entityId: 'x', before: 'y', from: '2026-13-01', entity: 'DROP TABLE' })).toMatchObject({ entityId: undefined, before: undefined, from: undefined, entity: undefined });
    expect(auditValue(null)).toBe('—');
    expect(auditValue('text')).toBe('text');
    expect(auditValue({ en: 'a' })).toBe('{"en":"a"}');
  });
});
