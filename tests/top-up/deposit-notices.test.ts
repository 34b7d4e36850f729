import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { depositNotices, ledgerEntries, storedFiles } from '@/server/db/schema';
import { decideDepositNotice } from '@/server/top-up/credit-deposit-notice';
import { listDepositNotices, loadPendingDeposits } from '@/server/top-up/deposit-queries';
import { depositNoticeSchema, parseAedAmount, topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { submitDepositNotice } from '@/server/top-up/submit-deposit-notice';
import { quoteCardTopUp } from '@/shared/top-up/top-up-fee';
import { Forbidden, RuleViolation } from '@/server/errors';
import { LocalDiskStorage } from '@/server/files/storage';
import { agencyBalance, DESERT_ROSE, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Bank deposit notices on a real database: a notice changes no balance until the operator credits
// it, and then exactly once.

const now = new Date('2026-11-21T08:00:00Z');
const PDF = new TextEncoder().encode('%PDF-1.4\n%slip\n');
let database: TestDatabase;
let storage: LocalDiskStorage;
let root: string;
let senior: Principal;
let junior: Principal;

function notice(overrides: Partial<Record<'amount' | 'transferDate' | 'bankReference', string>> & { slip?: File } = {}) {
  return depositNoticeSchema.parse({
    amount: '12,500.50',
    transferDate: '2026-11-20',
    bankReference: `FT${crypto.randomUUID().slice(0, 8)}`,
    slip: new File([PDF], 'slip.pdf', { type: 'application/pdf' }),
    ...overrides,
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  root = await mkdtemp(path.join(os.tmpdir(), 'deposits-'));
  storage = new LocalDiskStorage(root);
  senior = await principalFor(database.db, 'senior@desertrose.test');
  junior = await principalFor(database.db, 'junior@desertrose.test');
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('deposit notice input', () => {
  it('reads amounts as typed into fils', () => {
    expect(parseAedAmount('12,500.50')).toBe(1_250_050);
    expect(parseAedAmount('100')).toBe(10_000);
    expect(parseAedAmount('1.5')).toBe(150);
    expect(parseAedAmount('1.505')).toBeNull();
    expect(parseAedAmount('-5')).toBeNull();
    expect(parseAedAmount('ten')).toBeNull();
  });

  it('refuses amounts out of range with the message key at the field', () => {
    const result = depositNoticeSchema.safeParse({ amount: '50', transferDate: '2026-11-20', bankReference: 'FT1234', slip: new File([PDF], 's.pdf') });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'deposits.errors.amountRange' });
  });
});

describe('card top-up fee', () => {
  it('charges the settings percent, rounded to whole fils', () => {
    expect(quoteCardTopUp(100_000, 2.5)).toEqual({ amountMinor: 100_000, feePercent: 2.5, feeMinor: 2_500, totalMinor: 102_500 });
    expect(quoteCardTopUp(10_001, 2.5).feeMinor).toBe(250);
    expect(topUpFeeQuerySchema.parse({ amount: '1500' })).toEqual({ amount: 150_000, type: 'card', currency: 'AED' });
    expect(topUpFeeQuerySchema.safeParse({ amount: '1500', type: 'bank' }).success).toBe(false);
  });
});

describe('deposit notices', () => {
  it('records a pending notice with its slip and leaves the balance alone', async () => {
    const before = await agencyBalance(database.db, DESERT_ROSE);
    const input = notice();
    const { id } = await submitDepositNotice(database.db, senior, input, { now, storage });
    const [row] = await database.db.select().from(depositNotices).where(eq(depositNotices.id, id));
    expect(row).toMatchObject({ status: 'pending', amountMinor: 1_250_050, agencyId: DESERT_ROSE, submittedBy: senior.userId });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before);
    const [listed] = await listDepositNotices(database.db, senior);
    expect(listed).toMatchObject({ id, status: 'pending', bankReference: input.bankReference, submittedBy: senior.name });
    expect(await loadPendingDeposits(database.db, senior)).toMatchObject({ count: 1, amountMinor: 1_250_050 });
  });

  it('refuses a junior agent and writes nothing', async () => {
    const before = await database.db.$count(depositNotices);
    await expect(submitDepositNotice(database.db, junior, notice(), { now, storage })).rejects.toBeInstanceOf(Forbidden);
    await expect(listDepositNotices(database.db, junior)).rejects.toBeInstanceOf(Forbidden);
    expect(await database.db.$count(depositNotices)).toBe(before);
  });

  it('refuses a future or too old transfer date, and a renamed executable as the slip, writing nothing', async () => {
    const notices = await database.db.$count(depositNotices);
    const files = await database.db.$count(storedFiles);
    const attempts = [
      { input: notice({ transferDate: '2026-11-22' }), code: 'deposits.errors.transferInFuture', field: 'transferDate' },
      { input: notice({ transferDate: '2026-08-01' }), code: 'deposits.errors.transferTooOld', field: 'transferDate' },
      { input: notice({ slip: new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'slip.pdf', { type: 'application/pdf' }) }), code: 'files.unsupportedFormat', field: 'slip' },
    ];
    for (const attempt of attempts) {
      const refused = submitDepositNotice(database.db, senior, attempt.input, { now, storage });
      await expect(refused).rejects.toBeInstanceOf(RuleViolation);
      await expect(refused).rejects.toMatchObject({ code: attempt.code, field: attempt.field });
    }
    expect(await database.db.$count(depositNotices)).toBe(notices);
    expect(await database.db.$count(storedFiles)).toBe(files);
  });

  it('credits the ledger once when the operator confirms the transfer', async () => {
    const before = await agencyBalance(database.db, DESERT_ROSE);
    const { id } = await submitDepositNotice(database.db, senior, notice({ amount: '2000' }), { now, storage });
    const decided = await Promise.allSettled([decideDepositNotice(database.db, id, 'credit'), decideDepositNotice(database.db, id, 'credit')]);
    expect(decided.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(decided.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'deposits.errors.alreadyDecided' } });

    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before + 200_000);
    const [row] = await database.db.select().from(depositNotices).where(eq(depositNotices.id, id));
    expect(row?.status).toBe('credited');
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.agencyId, DESERT_ROSE), eq(ledgerEntries.kind, 'deposit')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: row!.ledgerEntryId, creditMinor: 200_000, balanceAfterMinor: before + 200_000 });
  });

  it('rejects a notice without touching the balance', async () => {
    const before = await agencyBalance(database.db, DESERT_ROSE);
    const { id } = await submitDepositNotice(database.db, senior, notice(), { now, storage });
    await expect(decideDepositNotice(database.db, id, 'reject')).resolves.toEqual({ status: 'rejected', balanceAfterMinor: null });
    await expect(decideDepositNotice(database.db, id, 'credit')).rejects.toMatchObject({ code: 'deposits.errors.alreadyDecided' });
    expect(await agencyBalance(database.db, DESERT_ROSE)).toBe(before);
  });
});
