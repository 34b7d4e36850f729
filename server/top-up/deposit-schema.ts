import 'server-only';
import { z } from 'zod';
import { calendarDay } from '@/shared/dates';
import { text } from '@/shared/text';

/** Amounts are typed in AED with at most two decimals, e.g. "12,500.50". */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** Parses an AED amount as typed (thousands separators allowed) into fils. */
export function parseAedAmount(value: string): number | null {
  const compact = value.replace(/[\s,]/g, '');
  if (!AMOUNT.test(compact)) return null;
  const [whole, fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const MIN_DEPOSIT_MINOR = 100_00;
export const MAX_DEPOSIT_MINOR = 10_000_000_00;
/** A notice for a transfer older than this is a matter for the account manager, not a form. */
export const OLDEST_TRANSFER_DAYS = 90;

const amountMinor = text()
  .min(1, { error: 'deposits.errors.amountRequired' })
  .transform((value, context) => {
    const minor = parseAedAmount(value);
    if (minor === null) {
      context.addIssue({ code: 'custom', message: 'deposits.errors.amountFormat' });
      return z.NEVER;
    }
    return minor;
  })
  .refine((minor) => minor >= MIN_DEPOSIT_MINOR && minor <= MAX_DEPOSIT_MINOR, { error: 'deposits.errors.amountRange' });

/** The deposit notice form; the payment slip is checked separately (server/files). */
export const depositNoticeSchema = z.object({
  amount: amountMinor,
  // Within the calendar here; not in the future and not older than OLDEST_TRANSFER_DAYS is checked
  // against the Dubai day when the notice is submitted (submitDepositNotice), with its own messages.
  transferDate: calendarDay('deposits.errors.transferDate'),
  bankReference: text()
    .min(3, { error: 'deposits.errors.bankReference' })
    .max(60, { error: 'deposits.errors.bankReference' })
    .regex(/^[\p{L}\p{N} /._-]+$/u, { error: 'deposits.errors.bankReference' }),
  slip: z.instanceof(File, { error: 'files.required' }),
});

export type DepositNoticeInput = z.output<typeof depositNoticeSchema>;
export type DepositNoticeField = keyof z.input<typeof depositNoticeSchema>;

/** `GET /api/v1/b2b/balance/topupfee` (spec §6: amount, type, currency). */
export const topUpFeeQuerySchema = z.object({
  amount: amountMinor,
  type: z.literal('card', { error: 'deposits.errors.topUpType' }).default('card'),
  currency: z.enum(['AED', 'USD'], { error: 'deposits.errors.currency' }).default('AED'),
});
