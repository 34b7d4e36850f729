import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { depositNotices, storedFiles, users } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';

export type DepositNoticeRow = {
  id: string;
  amountMinor: number;
  transferDate: string;
  bankReference: string;
  status: 'pending' | 'credited' | 'rejected';
  submittedBy: string;
  createdAt: Date;
  decidedAt: Date | null;
  /** Why the operator rejected it, shown to the agency. */
  rejectionReason: string | null;
  slip: { id: string; name: string };
};

/** The agency's newest deposit notices, with who sent them and their slips. */
export async function listDepositNotices(db: Database, principal: Principal, limit = 20): Promise<DepositNoticeRow[]> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  const rows = await db
    .select({
      id: depositNotices.id,
      amountMinor: depositNotices.amountMinor,
      transferDate: depositNotices.transferDate,
      bankReference: depositNotices.bankReference,
      status: depositNotices.status,
      submittedBy: users.name,
      createdAt: depositNotices.createdAt,
      decidedAt: depositNotices.decidedAt,
      rejectionReason: depositNotices.rejectionReason,
      slipId: storedFiles.id,
      slipName: storedFiles.originalName,
    })
    .from(depositNotices)
    .innerJoin(users, eq(users.id, depositNotices.submittedBy))
    .innerJoin(storedFiles, eq(storedFiles.id, depositNotices.slipFileId))
    .where(eq(depositNotices.agencyId, principal.agencyId))
    .orderBy(desc(depositNotices.createdAt))
    .limit(limit);
  return rows.map(({ slipId, slipName, ...row }) => ({ ...row, slip: { id: slipId, name: slipName } }));
}

/** What is announced but not yet credited: shown beside the balance. */
export async function loadPendingDeposits(db: Database, principal: Principal): Promise<{ count: number; amountMinor: number }> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      amountMinor: sql<number>`coalesce(sum(${depositNotices.amountMinor}), 0)`.mapWith(Number),
    })
    .from(depositNotices)
    .where(and(eq(depositNotices.agencyId, principal.agencyId), eq(depositNotices.status, 'pending')));
  return row ?? { count: 0, amountMinor: 0 };
}
