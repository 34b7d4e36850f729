import 'server-only';
import { z } from 'zod';
import { parseAedAmount } from '@/server/top-up/deposit-schema';
import { calendarDay } from '@/shared/dates';
import { text } from '@/shared/text';

export const REQUEST_REASONS = ['noLiveAvailability', 'cutOffPassed', 'bookWithAgent', 'supplierUnavailable'] as const;
export const REQUESTS_PAGE_SIZE = 25;
/** The largest price an operator may quote: 10 million AED, well inside an integer column. */
const MAX_TOTAL_MINOR = 10_000_000_00;

const reference = text().min(1, { error: 'opsRequests.errors.reference' }).max(40, { error: 'opsRequests.errors.reference' }).regex(/^[A-Z0-9-]+$/i, { error: 'opsRequests.errors.reference' });

/** An AED amount as typed, in fils: 0 < amount ≤ 10 million. */
export function aedAmount(requiredKey: string, formatKey: string) {
  return text()
    .min(1, { error: requiredKey })
    .max(20, { error: formatKey })
    .transform((value, context) => {
      const minor = parseAedAmount(value);
      if (minor === null || minor <= 0 || minor > MAX_TOTAL_MINOR) {
        context.addIssue({ code: 'custom', message: formatKey });
        return z.NEVER;
      }
      return minor;
    });
}

export const quoteRequestSchema = z.object({
  reference,
  netTotal: aedAmount('opsRequests.errors.netTotalRequired', 'opsRequests.errors.amount'),
  publishedTotal: aedAmount('opsRequests.errors.publishedTotalRequired', 'opsRequests.errors.amount'),
});

export const confirmRequestSchema = z.object({
  reference,
  /** `balance`: charge the agency's balance now (→ completed); `agent`: the agent pays (→ payment_required). */
  payment: z.enum(['agent', 'balance'], { error: 'opsRequests.errors.payment' }),
});

export const declineRequestSchema = z.object({
  reference,
  reason: text({ multiLine: true }).min(3, { error: 'opsRequests.errors.reason' }).max(500, { error: 'opsRequests.errors.reason' }),
});

/** The queue's filters, from the page's query string; anything malformed is ignored. */
export const requestFiltersSchema = z.object({
  agency: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()).catch(undefined),
  reason: z.preprocess((value) => (value === '' ? undefined : value), z.enum(REQUEST_REASONS).optional()).catch(undefined),
  from: z.preprocess((value) => (value === '' ? undefined : value), calendarDay('errors.validation').optional()).catch(undefined),
  to: z.preprocess((value) => (value === '' ? undefined : value), calendarDay('errors.validation').optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type RequestFilters = z.output<typeof requestFiltersSchema>;
