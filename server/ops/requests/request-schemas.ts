import 'server-only';
import { z } from 'zod';
import { parseAedAmount } from '@/server/top-up/deposit-schema';
import { text } from '@/server/shared/text';

const reference = text().min(1).max(40);

/** An AED amount as typed ("1,250.50") in fils, from 0.01 up to a million dirhams. */
const price = text()
  .min(1, { error: 'opsRequests.errors.priceRequired' })
  .transform((value, context) => {
    const minor = parseAedAmount(value);
    if (minor === null || minor <= 0 || minor > 1_000_000_00) {
      context.addIssue({ code: 'custom', message: 'opsRequests.errors.priceFormat' });
      return z.NEVER;
    }
    return minor;
  });

export const quoteRequestSchema = z
  .object({ reference, netTotal: price, publishedTotal: price })
  .refine((quote) => quote.publishedTotal >= quote.netTotal, { path: ['publishedTotal'], error: 'opsRequests.errors.retailBelowNet' });

export const confirmRequestSchema = z.object({
  reference,
  /** `payment`: the agent pays ("Pay now"); `balance`: charged to the agency's balance now. */
  settle: z.enum(['payment', 'balance'], { error: 'opsRequests.errors.settle' }),
});

export const declineRequestSchema = z.object({
  reference,
  reason: text({ multiLine: true }).min(3, { error: 'opsRequests.errors.reasonRequired' }).max(500, { error: 'opsRequests.errors.reasonTooLong' }),
});
