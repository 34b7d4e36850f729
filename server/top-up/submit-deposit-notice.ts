import 'server-only';
import { addDays, parseISO } from 'date-fns';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiToday } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { depositNotices } from '@/server/db/schema';
import { Forbidden, RuleViolation } from '@/server/errors';
import { saveUpload } from '@/server/files/uploads';
import type { FileStorage } from '@/server/files/storage';
import { type DepositNoticeInput, OLDEST_TRANSFER_DAYS } from './deposit-schema';

/**
 * Records an agency's notice of a bank transfer with its payment slip. It stays pending, and the
 * balance does not change, until the operator sees the money and credits it
 * (`creditDepositNotice`).
 */
export async function submitDepositNotice(
  db: Database,
  principal: Principal,
  input: DepositNoticeInput,
  options: { now?: Date; storage?: FileStorage } = {},
): Promise<{ id: string }> {
  if (!memberCan(principal, 'balance:topUp')) throw new Forbidden();
  const today = dubaiToday(options.now ?? new Date());
  const oldest = addDays(parseISO(today), -OLDEST_TRANSFER_DAYS).toISOString().slice(0, 10);
  if (input.transferDate > today) throw new RuleViolation('deposits.errors.transferInFuture', {}, 'transferDate');
  if (input.transferDate < oldest) throw new RuleViolation('deposits.errors.transferTooOld', { days: OLDEST_TRANSFER_DAYS }, 'transferDate');

  return db.transaction(async (tx) => {
    const slip = await saveUpload(
      tx,
      { agencyId: principal.agencyId, purpose: 'paymentSlip', file: input.slip, uploadedBy: principal.userId, field: 'slip' },
      options.storage,
    );
    const [notice] = await tx
      .insert(depositNotices)
      .values({
        agencyId: principal.agencyId,
        submittedBy: principal.userId,
        amountMinor: input.amount,
        transferDate: input.transferDate,
        bankReference: input.bankReference,
        slipFileId: slip.id,
      })
      .returning({ id: depositNotices.id });
    return notice!;
  });
}
