import 'server-only';
import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, depositNotices, paymentRefunds, payments, storedFiles } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';
import { can } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { MONEY_PAGE_SIZE } from './money-schema';

export type OpsDepositRow = {
  id: string;
  agencyName: string;
  amountMinor: number;
  transferDate: string;
  bankReference: string;
  status: 'pending' | 'credited' | 'rejected';
  rejectionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  slip: { id: string; name: string };
};

function assertMoney(staff: StaffPrincipal) {
  if (!can(staff.role, 'ops:money')) throw new Forbidden();
}

/** Deposit notices, pending first (oldest first, as they wait), then decided (newest first); paged in SQL. */
export async function listOpsDeposits(db: Database, staff: StaffPrincipal, page: number): Promise<{ rows: OpsDepositRow[]; hasNext: boolean }> {
  assertMoney(staff);
  const rows = await db
    .select({
      id: depositNotices.id,
      agencyName: agencies.name,
      amountMinor: depositNotices.amountMinor,
      transferDate: depositNotices.transferDate,
      bankReference: depositNotices.bankReference,
      status: depositNotices.status,
      rejectionReason: depositNotices.rejectionReason,
      createdAt: depositNotices.createdAt,
      decidedAt: depositNotices.decidedAt,
      slipId: storedFiles.id,
      slipName: storedFiles.originalName,
    })
    .from(depositNotices)
    .innerJoin(agencies, eq(agencies.id, depositNotices.agencyId))
    .innerJoin(storedFiles, eq(storedFiles.id, depositNotices.slipFileId))
    .orderBy(
      sql`case when ${depositNotices.status} = 'pending' then 0 else 1 end`,
      sql`case when ${depositNotices.status} = 'pending' then ${depositNotices.createdAt} end asc`,
      desc(depositNotices.decidedAt),
      asc(depositNotices.id),
    )
    .limit(MONEY_PAGE_SIZE + 1)
    .offset((page - 1) * MONEY_PAGE_SIZE);
  return {
    rows: rows.slice(0, MONEY_PAGE_SIZE).map(({ slipId, slipName, ...row }) => ({ ...row, slip: { id: slipId, name: slipName } })),
    hasNext: rows.length > MONEY_PAGE_SIZE,
  };
}

/** A pending provider refund older than this, or retried this often, needs a person. */
export const REFUND_STUCK_HOURS = 24;
export const REFUND_STUCK_ATTEMPTS = 3;

export type OpsRefundRow = {
  id: string;
  agencyName: string;
  bookingReference: string | null;
  provider: string;
  method: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

/**
 * Provider refunds awaiting action: failed, or pending for a day or after several attempts (a
 * crypto payment, for one, cannot be refunded by the provider and stays here until handled).
 */
export async function listRefundsAwaitingAction(db: Database, staff: StaffPrincipal, page: number, now: Date = new Date()): Promise<{ rows: OpsRefundRow[]; hasNext: boolean }> {
  assertMoney(staff);
  const stuckBefore = new Date(now.getTime() - REFUND_STUCK_HOURS * 3_600_000);
  const rows = await db
    .select({
      id: paymentRefunds.id,
      agencyName: agencies.name,
      bookingReference: bookings.reference,
      provider: payments.provider,
      method: payments.method,
      amountMinor: paymentRefunds.amountMinor,
      currency: paymentRefunds.currency,
      status: paymentRefunds.status,
      attempts: paymentRefunds.attempts,
      lastError: paymentRefunds.lastError,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(agencies, eq(agencies.id, payments.agencyId))
    .leftJoin(bookings, eq(bookings.id, paymentRefunds.bookingId))
    .where(
      or(
        eq(paymentRefunds.status, 'failed'),
        and(eq(paymentRefunds.status, 'pending'), or(lt(paymentRefunds.createdAt, stuckBefore), gte(paymentRefunds.attempts, REFUND_STUCK_ATTEMPTS), eq(payments.method, 'crypto'))),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(MONEY_PAGE_SIZE + 1)
    .offset((page - 1) * MONEY_PAGE_SIZE);
  return { rows: rows.slice(0, MONEY_PAGE_SIZE), hasNext: rows.length > MONEY_PAGE_SIZE };
}

/** A deposit slip for the console's download route: for staff with `ops:money`. */
export async function loadDepositSlip(db: Database, staff: StaffPrincipal, fileId: string) {
  assertMoney(staff);
  const [file] = await db
    .select({ storageKey: storedFiles.storageKey, contentType: storedFiles.contentType, sizeBytes: storedFiles.sizeBytes, originalName: storedFiles.originalName })
    .from(storedFiles)
    .innerJoin(depositNotices, eq(depositNotices.slipFileId, storedFiles.id))
    .where(eq(storedFiles.id, fileId))
    .limit(1);
  return file ?? null;
}
