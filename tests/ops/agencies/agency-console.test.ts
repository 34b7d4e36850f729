import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { GET as downloadFile } from '@/app/api/ops/files/[id]/route';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { agencies, agencyInvoices, agentSessions, auditLog, mailOutbox, storedFiles, users, widgets } from '@/server/db/schema';
import {
  approveAgencyAction,
  changeAgencyTermsAction,
  issueInvoicesAction,
  reactivateAgencyAction,
  rejectAgencyAction,
  suspendAgencyAction,
} from '@/server/ops/agencies/agency-actions';
import { listAgencyAudit, loadOpsAgency } from '@/server/ops/agencies/agency-detail';
import { listOpsAgencies } from '@/server/ops/agencies/agency-list';
import { agencyListFiltersSchema } from '@/server/ops/agencies/agency-schemas';
import { dubaiToday } from '@/shared/availability/rules';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { uploadDirectory } from '../../account/account-fixtures';
import { apiRequest, segment, serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The console's agencies section on a real database: the list in SQL, the page's
// reads, each decision through its action (staff checked first, input at the edge, one transaction
// with its audit entry and mail), and the staff download of an agency's document.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }), cookies: async () => ({ get: () => undefined }) }));
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());
const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), revalidateTag: (tag: string) => void revalidated.push(tag) }));

let database: TestDatabase;
let operator: StaffPrincipal;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  const [staff] = await database.db.query.staffMembers.findMany({ limit: 1 });
  operator = { staffId: staff!.id, email: staff!.email, name: staff!.name, role: staff!.role };
});
afterAll(() => database.dispose());
beforeEach(() => {
  staffSession.staff = operator;
  session.principal = null;
});

let count = 0;
async function newAgency(db: Database, values: Partial<typeof agencies.$inferInsert> = {}) {
  count += 1;
  const [agency] = await db
    .insert(agencies)
    .values({ name: `Console Test ${count} Tours`, status: 'pending', ...values })
    .returning({ id: agencies.id, name: agencies.name });
  const email = `owner${count}.${Date.now()}@console-test.test`;
  const [admin] = await db
    .insert(users)
    .values({ agencyId: agency!.id, email, name: `Owner ${count}`, role: 'admin', status: 'emailNotVerified', passwordHash: 'x' })
    .returning({ id: users.id });
  return { agencyId: agency!.id, name: agency!.name, email, adminId: admin!.id };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

async function statusOf(db: Database, agencyId: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId));
  return row!;
}

async function lastAudit(db: Database, agencyId: string) {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.agencyId, agencyId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

const filters = (raw: Record<string, string>) => agencyListFiltersSchema.parse(raw);

describe('the agency list', () => {
  it('finds agencies by name, TRN, licence number and any agent’s e-mail, and filters by status', async () => {
    const { db } = database;
    const one = await newAgency(db, { trn: '100200300400500', tradeLicenceNumber: 'DED-778899' });
    const names = async (raw: Record<string, string>) => (await listOpsAgencies(db, operator, filters(raw))).rows.map((row) => row.agencyId);
    expect(await names({ q: one.name.toUpperCase() })).toEqual([one.agencyId]);
    expect(await names({ q: '0200300400' })).toEqual([one.agencyId]);
    expect(await names({ q: 'ded-7788' })).toEqual([one.agencyId]);
    expect(await names({ q: one.email })).toEqual([one.agencyId]);
    expect(await names({ q: one.name, status: 'active' })).toEqual([]);
    expect(await names({ q: one.name, status: 'pending' })).toEqual([one.agencyId]);
    // `%` and `_` typed by the operator are not wildcards.
    expect(await names({ q: '%' })).toEqual([]);
  });

  it('puts overdue agencies first, then pending ones, then by name, and pages 50 at a time', async () => {
    const { db } = database;
    for (let index = 0; index < 55; index += 1) await newAgency(db, { status: 'active', name: `Aaa Paging ${String(index).padStart(2, '0')}` });
    const overdue = await newAgency(db, { status: 'active', name: 'Zzz Overdue Travel' });
    await db.insert(agencyInvoices).values({ agencyId: overdue.agencyId, month: '2026-01-01', amountMinor: 1000, dueOn: '2026-02-01' });
    const first = await listOpsAgencies(db, operator, filters({}));
    expect(first.rows).toHaveLength(50);
    expect(first.hasNext).toBe(true);
    expect(first.rows[0]).toMatchObject({ agencyId: overdue.agencyId, overdue: true });
    const firstActive = first.rows.findIndex((row) => row.status !== 'pending' && !row.overdue);
    expect(first.rows.slice(1, firstActive).every((row) => row.status === 'pending')).toBe(true);
    const onlyOverdue = await listOpsAgencies(db, operator, filters({ standing: 'overdue' }));
    expect(onlyOverdue.rows.map((row) => row.agencyId)).toEqual([overdue.agencyId]);
    const second = await listOpsAgencies(db, operator, filters({ q: 'Aaa Paging', page: '2' }));
    expect(second.rows.map((row) => row.name)).toEqual(['Aaa Paging 50', 'Aaa Paging 51', 'Aaa Paging 52', 'Aaa Paging 53', 'Aaa Paging 54']);
    expect(second.hasNext).toBe(false);
  });

  it('ignores filters it does not know rather than failing', () => {
    expect(filters({ status: 'gone', standing: 'late', page: '-3', q: 'a\u0000b' })).toEqual({ page: 1 });
  });
});

describe('approving a sign-up', () => {
  it('activates it with the credit limit and terms, audits it and e-mails the admin; the admin still verifies the e-mail first', async () => {
    const { db } = database;
    const agency = await newAgency(db);
    const result = await approveAgencyAction(null, form({ agencyId: agency.agencyId, creditLimit: '5,000.50', paymentTermsDays: '30' }));
    expect(result).toMatchObject({ ok: true });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ status: 'active', creditLimitMinor: 500_050, paymentTermsDays: 30 });
    expect((await statusOf(db, agency.agencyId)).statusChangedAt).not.toBeNull();
    expect(await lastAudit(db, agency.agencyId)).toMatchObject({
      action: 'agency.approve',
      actorStaffId: operator.staffId,
      actorUserId: null,
      changes: { status: { from: 'pending', to: 'active' }, creditLimitMinor: { from: 0, to: 500_050 } },
    });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, agency.email));
    expect(mail).toMatchObject({ kind: 'agencyApproved' });
    expect(mail?.textBody).toContain('http://localhost:3000/sign-in');
    const [admin] = await db.select({ status: users.status }).from(users).where(eq(users.id, agency.adminId));
    expect(admin?.status).toBe('emailNotVerified');
  });

  it("writes the decision in the language the admin signed up in, whatever the operator's", async () => {
    const { db } = database;
    const approved = await newAgency(db);
    const rejected = await newAgency(db);
    await db.update(users).set({ locale: 'ru' }).where(inArray(users.id, [approved.adminId, rejected.adminId]));
    expect(await approveAgencyAction(null, form({ agencyId: approved.agencyId, creditLimit: '1000', paymentTermsDays: '30' }))).toMatchObject({ ok: true });
    expect(await rejectAgencyAction(null, form({ agencyId: rejected.agencyId, reason: 'Licence expired' }))).toMatchObject({ ok: true });
    const [approval] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, approved.email));
    expect(approval?.subject).toMatch(/[А-Яа-я]/);
    expect(approval?.textBody).toContain('http://localhost:3000/ru/sign-in');
    const [rejection] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, rejected.email));
    expect(rejection?.subject).toMatch(/[А-Яа-я]/);
    expect(rejection?.textBody).toContain('Licence expired');
  });

  it('refuses to approve an agency that is not pending, changing nothing', async () => {
    const { db } = database;
    const agency = await newAgency(db, { status: 'active', creditLimitMinor: 100 });
    const result = await approveAgencyAction(null, form({ agencyId: agency.agencyId, creditLimit: '9000', paymentTermsDays: '30' }));
    expect(result).toMatchObject({ ok: false, status: 422, message: expect.stringContaining('Only a pending sign-up') });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ status: 'active', creditLimitMinor: 100 });
    expect(await lastAudit(db, agency.agencyId)).toBeUndefined();
  });

  it('answers bad input with field errors and changes nothing', async () => {
    const { db } = database;
    const agency = await newAgency(db);
    const result = await approveAgencyAction(null, form({ agencyId: agency.agencyId, creditLimit: '-5', paymentTermsDays: '3.5' }));
    expect(result).toMatchObject({ ok: false, status: 422, fieldErrors: { creditLimit: expect.stringContaining('AED'), paymentTermsDays: expect.any(String) } });
    expect(await approveAgencyAction(null, form({ agencyId: 'nope', creditLimit: '1', paymentTermsDays: '1' }))).toMatchObject({ fieldErrors: { agencyId: expect.any(String) } });
    expect((await statusOf(db, agency.agencyId)).status).toBe('pending');
  });

  it('refuses an agency admin and a visitor before reading anything', async () => {
    const { db } = database;
    const agency = await newAgency(db);
    staffSession.staff = null;
    session.principal = { userId: agency.adminId, email: agency.email, name: 'Owner', role: 'admin', agencyId: agency.agencyId, agencyName: agency.name, agencyApproved: true } satisfies Principal;
    const input = form({ agencyId: agency.agencyId, creditLimit: '1000', paymentTermsDays: '30' });
    for (const action of [approveAgencyAction, rejectAgencyAction, suspendAgencyAction, reactivateAgencyAction, changeAgencyTermsAction, issueInvoicesAction]) {
      expect(await action(null, input)).toMatchObject({ ok: false, status: 401 });
    }
    session.principal = null;
    expect(await approveAgencyAction(null, input)).toMatchObject({ ok: false, status: 401 });
    expect((await statusOf(db, agency.agencyId)).status).toBe('pending');
  });
});

describe('rejecting, suspending, reactivating and changing terms', () => {
  it('rejects a sign-up with a reason the admin is e-mailed', async () => {
    const { db } = database;
    const agency = await newAgency(db);
    expect(await rejectAgencyAction(null, form({ agencyId: agency.agencyId, reason: '' }))).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    expect(await rejectAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'Bad\u0007licence' }))).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    expect(await rejectAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'The trade licence has expired.' }))).toMatchObject({ ok: true });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ status: 'rejected', statusReason: 'The trade licence has expired.' });
    expect(await lastAudit(db, agency.agencyId)).toMatchObject({ action: 'agency.reject' });
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, agency.email), eq(mailOutbox.kind, 'agencyRejected')));
    expect(mail?.textBody).toContain('The trade licence has expired.');
    expect(await approveAgencyAction(null, form({ agencyId: agency.agencyId, creditLimit: '1', paymentTermsDays: '1' }))).toMatchObject({ ok: false, status: 422 });
  });

  it('suspends an active agency, signing its agents out, and reactivates it', async () => {
    const { db } = database;
    const agency = await newAgency(db, { status: 'active' });
    await db.insert(agentSessions).values({ id: `session-${agency.agencyId}`, userId: agency.adminId, expiresAt: new Date(Date.now() + 3_600_000) });
    expect(await reactivateAgencyAction(null, form({ agencyId: agency.agencyId }))).toMatchObject({ ok: false, status: 422 });
    expect(await suspendAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'Unpaid invoices since March.' }))).toMatchObject({ ok: true });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ status: 'suspended', statusReason: 'Unpaid invoices since March.' });
    expect(await db.select().from(agentSessions).where(eq(agentSessions.userId, agency.adminId))).toHaveLength(0);
    expect(await lastAudit(db, agency.agencyId)).toMatchObject({ action: 'agency.suspend' });
    expect(await suspendAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'Again please' }))).toMatchObject({ ok: false, status: 422 });
    expect(await reactivateAgencyAction(null, form({ agencyId: agency.agencyId }))).toMatchObject({ ok: true });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ status: 'active', statusReason: null });
    expect(await lastAudit(db, agency.agencyId)).toMatchObject({ action: 'agency.reactivate' });
  });

  it('renews the cached pages of the agency’s widget sites when it is suspended and reactivated', async () => {
    const { db } = database;
    const agency = await newAgency(db, { status: 'active' });
    const domain = `tours-${agency.agencyId.slice(0, 8)}.console-test.test`;
    const blank = {
      name: 'Site',
      type: 'multi_tour' as const,
      contacts: { company: '', address: '', email: '', telegram: '', phone: '', mapLink: '', whatsApp: '', viber: '' },
      reservationContacts: { name: '', phone: '', email: '' },
      domainToken: 'token',
    };
    const [widget] = await db
      .insert(widgets)
      .values({ ...blank, agencyId: agency.agencyId, domain, domainStatus: 'verified' })
      .returning({ id: widgets.id });
    const [deleted] = await db
      .insert(widgets)
      .values({ ...blank, agencyId: agency.agencyId, name: 'Gone', deletedAt: new Date() })
      .returning({ id: widgets.id });
    revalidated.length = 0;
    expect(await suspendAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'Unpaid invoices since March.' }))).toMatchObject({ ok: true });
    expect(revalidated.sort()).toEqual([`widget-host:${domain}`, `widget:${widget!.id}`]);
    expect(revalidated).not.toContain(`widget:${deleted!.id}`);
    revalidated.length = 0;
    expect(await reactivateAgencyAction(null, form({ agencyId: agency.agencyId }))).toMatchObject({ ok: true });
    expect(revalidated.sort()).toEqual([`widget-host:${domain}`, `widget:${widget!.id}`]);
  });

  it('changes the credit limit and terms of an approved agency only', async () => {
    const { db } = database;
    const agency = await newAgency(db, { status: 'active', creditLimitMinor: 100_000, paymentTermsDays: 30 });
    expect(await changeAgencyTermsAction(null, form({ agencyId: agency.agencyId, creditLimit: '2500', paymentTermsDays: '45' }))).toMatchObject({ ok: true });
    expect(await statusOf(db, agency.agencyId)).toMatchObject({ creditLimitMinor: 250_000, paymentTermsDays: 45 });
    expect(await lastAudit(db, agency.agencyId)).toMatchObject({
      action: 'agency.terms',
      changes: { creditLimitMinor: { from: 100_000, to: 250_000 }, paymentTermsDays: { from: 30, to: 45 } },
    });
    expect(await changeAgencyTermsAction(null, form({ agencyId: agency.agencyId, creditLimit: '2500', paymentTermsDays: '500' }))).toMatchObject({ ok: false, fieldErrors: { paymentTermsDays: expect.any(String) } });
    const pending = await newAgency(db);
    expect(await changeAgencyTermsAction(null, form({ agencyId: pending.agencyId, creditLimit: '1', paymentTermsDays: '1' }))).toMatchObject({ ok: false, status: 422 });
  });
});

describe('the agency page and its documents', () => {
  it('reads the profile, agents and the audit trail of console changes', async () => {
    const { db } = database;
    const agency = await newAgency(db, { status: 'active', trn: '999' });
    await suspendAgencyAction(null, form({ agencyId: agency.agencyId, reason: 'Checking documents.' }));
    const page = await loadOpsAgency(db, operator, agency.agencyId);
    expect(page.agency).toMatchObject({ name: agency.name, trn: '999', status: 'suspended' });
    expect(page.agents).toEqual([expect.objectContaining({ email: agency.email, role: 'admin' })]);
    const audit = await listAgencyAudit(db, agency.agencyId, 1);
    expect(audit.rows[0]).toMatchObject({ action: 'agency.suspend', staffName: operator.name });
  });

  it('lets staff download an agency’s document; an agent or visitor gets nothing', async () => {
    const { db } = database;
    const agency = await newAgency(db);
    const storageKey = `${agency.agencyId}/${randomUUID()}.pdf`;
    const uploads = await uploadDirectory();
    (globalThis as { traveldeskStorage?: unknown }).traveldeskStorage = uploads.storage;
    onTestFinished(async () => {
      (globalThis as { traveldeskStorage?: unknown }).traveldeskStorage = undefined;
      await uploads.remove();
    });
    await uploads.storage.put(storageKey, new TextEncoder().encode('%PDF-1.4\n%test\n'));
    const [file] = await db
      .insert(storedFiles)
      .values({ agencyId: agency.agencyId, purpose: 'tradeLicence', storageKey, originalName: 'licence.pdf', contentType: 'application/pdf', sizeBytes: 15 })
      .returning({ id: storedFiles.id });
    const response = await downloadFile(apiRequest(`/api/ops/files/${file!.id}`, { headers: { cookie: 'authjs.session-token=test' } }), segment({ id: file!.id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('licence.pdf');
    expect(await response.text()).toBe('%PDF-1.4\n%test\n');
    staffSession.staff = null;
    const refused = await downloadFile(apiRequest(`/api/ops/files/${file!.id}`), segment({ id: file!.id }));
    expect(refused.status).toBe(401);
  });
});

describe('the invoice run from the console', () => {
  it('refuses a month that has not ended as a field error', async () => {
    expect(await issueInvoicesAction(null, form({ month: dubaiToday(now).slice(0, 7) }))).toMatchObject({ ok: false, fieldErrors: { month: expect.any(String) } });
    expect(await issueInvoicesAction(null, form({ month: 'soon' }))).toMatchObject({ ok: false, fieldErrors: { month: expect.any(String) } });
  });
});
