import { desc, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Principal } from '@/server/auth/principal';
import { auditLog, mailOutbox, staffMembers } from '@/server/db/schema';
import { seedStaff } from '@/server/db/seed/staff';
import { OutboxMailer } from '@/server/mail/mailer';
import { resendMailAction } from '@/server/ops/outbox/outbox-actions';
import { listOutbox, loadOutboxMail, MAIL_KINDS, OUTBOX_PAGE_SIZE, parseOutboxFilters } from '@/server/ops/outbox/outbox-queries';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The console's outbox: filters and paging in SQL, reading one mail, resend.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

let live: TestDatabase;
let operator: StaffPrincipal;
const agent: Principal = { userId: 'u1', email: 'admin@example.test', name: 'Ann', role: 'admin', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };

beforeAll(async () => {
  live = await createTestDatabase();
  await seedStaff(live.db);
  serveRoutesFrom(live);
  const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.role, 'operator'));
  operator = { staffId: row!.id, email: row!.email, name: row!.name, role: 'operator' };
  const base = Date.parse('2026-11-20T08:00:00Z');
  // 60 resets to one address on 20 Nov (Dubai), an invite on 22 Nov, a verification with HTML.
  await live.db.insert(mailOutbox).values(
    Array.from({ length: 60 }, (_, index) => ({
      recipient: 'many@agency.test',
      subject: `Reset your password #${index}`,
      textBody: `Open https://localhost/reset-password?token=t${index}`,
      kind: 'resetPassword',
      createdAt: new Date(base + index * 1000),
    })),
  );
  await live.db.insert(mailOutbox).values([
    { recipient: 'invitee@agency.test', subject: 'You are invited to Traveldesk B2B', textBody: 'Accept: https://localhost/invite?token=x', kind: 'invite', createdAt: new Date('2026-11-22T10:00:00Z') },
    { recipient: 'new@agency.test', subject: 'Confirm your e-mail', textBody: 'Confirm', htmlBody: '<p>Confirm <script>alert(1)</script></p>', kind: 'verifyEmail', createdAt: new Date('2026-11-23T10:00:00Z') },
  ]);
});
afterAll(() => live.dispose());
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

describe('outbox list', () => {
  it('lists newest first, one page at a time', async () => {
    const first = await listOutbox(live.db, operator, parseOutboxFilters({}));
    expect(first.rows).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(first.rows[0]!.recipient).toBe('new@agency.test');
    const second = await listOutbox(live.db, operator, parseOutboxFilters({ page: '2' }));
    expect(second.rows).toHaveLength(12);
    expect(second.hasNext).toBe(false);
    expect(second.rows.at(-1)!.subject).toBe('Reset your password #0');
  });

  it('searches recipient and subject, filters by kind and Dubai dates', async () => {
    expect((await listOutbox(live.db, operator, parseOutboxFilters({ q: 'INVITEE' }))).rows.map((row) => row.kind)).toEqual(['invite']);
    expect((await listOutbox(live.db, operator, parseOutboxFilters({ q: 'confirm your' }))).rows.map((row) => row.recipient)).toEqual(['new@agency.test']);
    expect((await listOutbox(live.db, operator, parseOutboxFilters({ kind: 'resetPassword', page: '2' }))).rows).toHaveLength(10);
    expect((await listOutbox(live.db, operator, parseOutboxFilters({ from: '2026-11-21', to: '2026-11-22' }))).rows.map((row) => row.kind)).toEqual(['invite']);
    // A LIKE wildcard is a literal, and nonsense filters are dropped rather than failing.
    expect((await listOutbox(live.db, operator, parseOutboxFilters({ q: '%' }))).rows).toHaveLength(0);
    expect(parseOutboxFilters({ from: '2026-02-30', kind: 'x y', page: '-3' })).toEqual({ q: undefined, kind: undefined, from: undefined, to: undefined, page: 1 });
  });

  it('names every kind of mail the filter offers in both languages', async () => {
    const { loadMessages } = await import('@/messages/areas');
    for (const locale of ['en', 'ru'] as const) {
      const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'opsOutbox.kinds' });
      for (const kind of MAIL_KINDS) expect(t.has(kind as never), `${locale}: ${kind}`).toBe(true);
    }
  });

  it('reads one mail with its text and HTML', async () => {
    const [row] = (await listOutbox(live.db, operator, parseOutboxFilters({ kind: 'verifyEmail' }))).rows;
    expect(await loadOutboxMail(live.db, operator, row!.id)).toMatchObject({ textBody: 'Confirm', htmlBody: expect.stringContaining('<script>') });
    expect(await loadOutboxMail(live.db, operator, 'not-a-uuid')).toBeNull();
  });
});

describe('resend', () => {
  it('writes the mail again as a new outbox row through the mailer, audited against the original', async () => {
    (globalThis as { traveldeskMailer?: unknown }).traveldeskMailer = new OutboxMailer();
    staffSession.staff = operator;
    const [original] = (await listOutbox(live.db, operator, parseOutboxFilters({ kind: 'invite' }))).rows;
    const data = new FormData();
    data.set('id', original!.id);
    expect(await resendMailAction(null, data)).toMatchObject({ ok: true });
    const [copy] = await live.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(copy).toMatchObject({ recipient: 'invitee@agency.test', subject: 'You are invited to Traveldesk B2B', kind: 'invite', textBody: expect.stringMatching(/^Accept: https:\/\/localhost\/invite\?token=x/) });
    expect(copy!.id).not.toBe(original!.id);
    const [entry] = await live.db.select().from(auditLog).where(eq(auditLog.action, 'mail.resend'));
    expect(entry).toMatchObject({ entity: 'mail', entityId: original!.id, actorStaffId: operator.staffId });
  });

  it('refuses agents and visitors, and an unknown mail', async () => {
    const count = (await live.db.select().from(mailOutbox)).length;
    const [original] = (await listOutbox(live.db, operator, parseOutboxFilters({ kind: 'invite' }))).rows;
    const data = new FormData();
    data.set('id', original!.id);
    expect(await resendMailAction(null, data)).toMatchObject({ ok: false, status: 401 });
    session.principal = agent;
    expect(await resendMailAction(null, data)).toMatchObject({ ok: false, status: 401 });
    session.principal = null;
    staffSession.staff = operator;
    data.set('id', '00000000-0000-4000-8000-000000000000');
    expect(await resendMailAction(null, data)).toMatchObject({ ok: false, status: 404 });
    expect((await live.db.select().from(mailOutbox)).length).toBe(count);
  });
});
