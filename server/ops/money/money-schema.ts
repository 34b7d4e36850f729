import 'server-only';
import { z } from 'zod';
import { aedAmount } from '@/server/ops/requests/request-schema';
import { text } from '@/shared/text';

export const MONEY_PAGE_SIZE = 25;

const reason = (key: string) => text({ multiLine: true }).min(3, { error: key }).max(500, { error: key });

export const creditDepositSchema = z.object({ noticeId: z.uuid({ error: 'opsMoney.errors.notice' }) });

export const rejectDepositSchema = z.object({
  noticeId: z.uuid({ error: 'opsMoney.errors.notice' }),
  reason: reason('opsMoney.errors.reason'),
});

export const ledgerAdjustmentSchema = z.object({
  agencyId: z.uuid({ error: 'opsMoney.errors.agency' }),
  direction: z.enum(['credit', 'debit'], { error: 'opsMoney.errors.direction' }),
  amount: aedAmount('opsMoney.errors.amountRequired', 'opsMoney.errors.amount'),
  reason: reason('opsMoney.errors.reason'),
  submissionKey: z.uuid({ error: 'opsMoney.errors.submission' }),
});

export const markRefundedSchema = z.object({
  refundId: z.uuid({ error: 'opsMoney.errors.refund' }),
  note: reason('opsMoney.errors.reason'),
});

/** The deposit notices' page, from its query string; anything malformed reads as the first page. */
export const moneyPagesSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
