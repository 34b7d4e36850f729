import 'server-only';
import { z } from 'zod';
import { agencyStatus } from '@/server/db/schema';
import { text } from '@/shared/text';

// The console's agency inputs, checked at the edge: bad input is a field error and changes nothing.

const page = z.coerce.number().int().min(1).max(10_000).catch(1);

export const agencyListFiltersSchema = z.object({
  q: text()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  status: z.enum(agencyStatus.enumValues).optional().catch(undefined),
  standing: z.enum(['overdue']).optional().catch(undefined),
  page,
});
export type AgencyListFilters = z.output<typeof agencyListFiltersSchema>;

export const pageSchema = page;

const agencyId = z.uuid({ error: 'opsAgencies.errors.agency' });

/** Whole dirhams as typed (`5000`, `5,000.50`), kept in fils. */
const aedAmount = z
  .string({ error: 'opsAgencies.errors.creditLimit' })
  .trim()
  .transform((value) => value.replace(/[,\s]/g, ''))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'opsAgencies.errors.creditLimit' }))
  .transform((value) => Math.round(Number(value) * 100));

const paymentTermsDays = z.coerce
  .number({ error: 'opsAgencies.errors.paymentTerms' })
  .int({ error: 'opsAgencies.errors.paymentTerms' })
  .min(0, { error: 'opsAgencies.errors.paymentTerms' })
  .max(120, { error: 'opsAgencies.errors.paymentTerms' });

const reason = text({ multiLine: true, error: 'opsAgencies.errors.reason' })
  .min(3, { error: 'opsAgencies.errors.reason' })
  .max(500, { error: 'opsAgencies.errors.reason' });

export const approveAgencySchema = z.object({ agencyId, creditLimit: aedAmount, paymentTermsDays });
export const changeTermsSchema = approveAgencySchema;
export const rejectAgencySchema = z.object({ agencyId, reason });
export const suspendAgencySchema = z.object({ agencyId, reason });
export const reactivateAgencySchema = z.object({ agencyId });

export const invoiceRunSchema = z.object({
  month: z.string({ error: 'opsAgencies.invoices.errors.month' }).trim().regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'opsAgencies.invoices.errors.month' }),
});
