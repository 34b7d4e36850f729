import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { auditLog, depositNotices, ledgerEntries, paymentRefunds, payments } from '@/server/db/schema';
import { Conflict, RuleViolation } from '@/server/errors';
import { LocalDiskStorage } from '@/server/files/storage';
import { adjustLedgerAction, creditDepositAction, markRefundedAction, rejectDepositAction } from '@/server/ops/money/money-actions';
import { adjustLedger, creditDeposit, markRefundedManually, rejectDeposit } from '@/server/ops/money/money-decisions';
import { listOpsDeposits, listRefundsAwaitingAction } from '@/server/ops/money/money-queries';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { listDepositNotices } from '@/server/top-up/deposit-queries';
import { depositNoticeSchema } from '@/server/top-up/deposit-schema';
import { submitDepositNotice } from '@/server/top-up/submit-deposit-notice';
import { agencyBalance, principalFor } from '../../support/booking-fixtures';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { staffFor } from '../ops-fixtures';

// The console's money section on a real database.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

const now = new Date('2026-11-21T08:00:00Z');
const PDF = new TextEncoder().encode('%PDF-1.4\n%slip\n');
let database: TestDatabase;
let storage: LocalDiskStorage;
let root: string;
let operator: StaffPrincipal;
let senior: Principal;
let admin: Principal;

async function notice(amount = '1,000.00'): Promise<string> {
  const input = depositNoticeSchema.parse({
    amount,
    transferDate: '2026-11-20',
    bankReference: `FT${crypto.randomUUID().slice(0, 8)}`,
    slip: new File([PDF], 'slip.pdf', { type: 'application/pdf' }),
  });
  return (await submitDepositNotice(database.db, senior, input, { now, storage })).id;
}

async function noticeRow(id: string) {
  const [row] = await database.db.select().from(depositNotices).where(eq(depositNotices.id, id));
  return row!;
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  root = await mkdtemp(path.join(os.tmpdir(), 'ops-money-'));
  storage = new LocalDiskStorage(root);
  operator = await staffFor(database.db, 'operator@traveldesk.test');
  senior = await principalFor(database.db, 'senior@desertrose.test');
  admin = await principalFor(database.db, 'admin@gulfhorizons.test');
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

describe('deposit notices', () => {
  it('lists pending notices first, then decided ones', async () => {
    const decided = await notice();
    await rejectDeposit(database.db, operator, decided, 'No such transfer');
    const pending = await notice();
    const { rows } = await listOpsDeposits(database.db, operator, 1);
    const ids = rows.map((row) => row.id);
    expect(ids.indexOf(pending)).toBeLessThan(ids.indexOf(decided));
    expect(rows.find((row) => row.id === decided)).toMatchObject({ status: 'rejected', rejectionReason: 'No such transfer' });
  });

  it('credits a notice once, audited, even when two operators click at once', async () => {
    const id = await notice('2,500.00');
    const before = await agencyBalance(database.db, senior.agencyId);
    const results = await Promise.allSettled([creditDeposit(database.db, operator, id), creditDeposit(database.db, operator, id)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(Conflict);
    expect(await agencyBalance(database.db, senior.agencyId)).toBe(before + 250_000);
    expect(await noticeRow(id)).toMatchObject({ status: 'credited', decidedBy: operator.staffId });
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'deposit.credit')));
    expect(audits).toHaveLength(1);
  });

  it('rejects with a reason the agency sees, crediting nothing', async () => {
    const id = await notice();
    const before = await agencyBalance(database.db, senior.agencyId);
    await rejectDeposit(database.db, operator, id, 'The transfer never arrived');
    expect(await agencyBalance(database.db, senior.agencyId)).toBe(before);
    const seen = (await listDepositNotices(database.db, senior)).find((row) => row.id === id);
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'The transfer never arrived' });
    await expect(creditDeposit(database.db, operator, id)).rejects.toBeInstanceOf(Conflict);
  });
});

describe('ledger adjustments', () => {
  it('credits and debits an adjustment entry with the running balance, audited', async () => {
    const before = await agencyBalance(database.db, admin.agencyId);
    const credit = await adjustLedger(database.db, operator, { agencyId: admin.agencyId, direction: 'credit', amount: 12_345, reason: 'Goodwill', submissionKey: crypto.randomUUID() });
    const debit = await adjustLedger(database.db, operator, { agencyId: admin.agencyId, direction: 'debit', amount: 2_345, reason: 'Bank charges', submissionKey: crypto.randomUUID() });
    expect(credit.balanceAfterMinor).toBe(before + 12_345);
    expect(debit.balanceAfterMinor).toBe(before + 10_000);
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before + 10_000);
    const [entry] = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, debit.entryId));
    expect(entry).toMatchObject({ kind: 'adjustment', debitMinor: 2_345, creditMinor: 0, description: 'Adjustment: Bank charges' });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, debit.entryId));
    expect(audit).toMatchObject({ action: 'ledger.debit', actorStaffId: operator.staffId, agencyId: admin.agencyId, changes: { balanceMinor: { from: before + 12_345, to: before + 10_000 } } });
  });

  it('refuses a debit beyond balance + credit limit, changing nothing', async () => {
    const palm = await principalFor(database.db, 'admin@palmcoast.test');
    const before = await agencyBalance(database.db, palm.agencyId);
    const error = await adjustLedger(database.db, operator, { agencyId: palm.agencyId, direction: 'debit', amount: before + 100_000_00, reason: 'Too much', submissionKey: crypto.randomUUID() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ code: 'opsMoney.errors.insufficientFunds', field: 'amount' });
    expect(await agencyBalance(database.db, palm.agencyId)).toBe(before);
  });

  it('posts a submission once: the same form sent twice at once answers with the one entry', async () => {
    const before = await agencyBalance(database.db, admin.agencyId);
    const input = { agencyId: admin.agencyId, direction: 'credit' as const, amount: 5_000, reason: 'Double click', submissionKey: crypto.randomUUID() };
    const [first, second] = await Promise.all([adjustLedger(database.db, operator, input), adjustLedger(database.db, operator, input)]);
    expect(second).toEqual(first);
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before + 5_000);
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.submissionKey, input.submissionKey));
    expect(entries).toHaveLength(1);
    // The next submission carries a new key and posts again.
    await adjustLedger(database.db, operator, { ...input, submissionKey: crypto.randomUUID() });
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before + 10_000);
  });

  it('refuses a post without its submission key, changing nothing', async () => {
    staffSession.staff = operator;
    const before = await agencyBalance(database.db, admin.agencyId);
    const refused = await adjustLedgerAction(null, form({ agencyId: admin.agencyId, direction: 'credit', amount: '100', reason: 'No key' }));
    expect(refused).toMatchObject({ ok: false, status: 422, fieldErrors: { submissionKey: 'This form is out of date. Reload the page and submit it again.' } });
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before);
  });
});

describe('refunds awaiting action', () => {
  it('lists failed refunds and marks one refunded manually, once, audited', async () => {
    const [payment] = await database.db
      .insert(payments)
      .values({ agencyId: admin.agencyId, purpose: 'top_up', provider: 'crypto', method: 'crypto', attempt: 1, amountMinor: 50_000, currency: 'AED', baseAmountMinor: 50_000, createdBy: admin.userId, status: 'succeeded' })
      .returning();
    const [refund] = await database.db.insert(paymentRefunds).values({ paymentId: payment!.id, amountMinor: 50_000, currency: 'AED', reason: 'notPayable', status: 'failed', lastError: 'not refundable' }).returning();
    expect((await listRefundsAwaitingAction(database.db, operator, 1, now)).rows.map((row) => row.id)).toContain(refund!.id);
    await markRefundedManually(database.db, operator, { refundId: refund!.id, note: 'Paid back by bank transfer' });
    await expect(markRefundedManually(database.db, operator, { refundId: refund!.id, note: 'Again' })).rejects.toBeInstanceOf(Conflict);
    expect((await listRefundsAwaitingAction(database.db, operator, 1, now)).rows.map((row) => row.id)).not.toContain(refund!.id);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.entityId, refund!.id));
    expect(audits).toHaveLength(1);
  });
});

describe('money actions', () => {
  it('refuse a visitor and every agency role before reading the input', async () => {
    const id = await notice();
    const before = await agencyBalance(database.db, admin.agencyId);
    for (const principal of [null, senior, admin]) {
      session.principal = principal;
      expect(await creditDepositAction(null, form({ noticeId: id }))).toMatchObject({ ok: false, status: 401 });
      expect(await rejectDepositAction(null, form({ noticeId: id, reason: 'Nope nope' }))).toMatchObject({ ok: false, status: 401 });
      expect(await adjustLedgerAction(null, form({ agencyId: admin.agencyId, direction: 'credit', amount: '100', reason: 'Gift' }))).toMatchObject({ ok: false, status: 401 });
      expect(await markRefundedAction(null, form({ refundId: id, note: 'Paid' }))).toMatchObject({ ok: false, status: 401 });
    }
    expect((await noticeRow(id)).status).toBe('pending');
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before);
  });

  it('answer bad input with field errors and change nothing', async () => {
    const id = await notice();
    const before = await agencyBalance(database.db, admin.agencyId);
    staffSession.staff = operator;
    expect(await rejectDepositAction(null, form({ noticeId: id, reason: '' }))).toMatchObject({ ok: false, status: 422, fieldErrors: { reason: expect.any(String) } });
    expect(await creditDepositAction(null, form({ noticeId: 'not-a-uuid' }))).toMatchObject({ ok: false, fieldErrors: { noticeId: expect.any(String) } });
    const adjusted = await adjustLedgerAction(null, form({ agencyId: '', direction: 'sideways', amount: '1.234', reason: 'a\u0007' }));
    expect(adjusted).toMatchObject({ ok: false, fieldErrors: { agencyId: expect.any(String), direction: expect.any(String), amount: expect.any(String), reason: expect.any(String) } });
    expect((await noticeRow(id)).status).toBe('pending');
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before);

    expect(await adjustLedgerAction(null, form({ agencyId: admin.agencyId, direction: 'credit', amount: '1,000.50', reason: 'Promotion bonus', submissionKey: crypto.randomUUID() }))).toMatchObject({ ok: true });
    expect(await agencyBalance(database.db, admin.agencyId)).toBe(before + 100_050);
  });
});
