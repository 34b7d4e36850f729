// The sandbox hosted page's forms. Pure.
import 'server-only';
import { z } from 'zod';

export const sandboxChargeIdSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

/** Spaces and dashes as typed between groups are fine; what is left must be 12–19 digits. */
export const sandboxCardSchema = z.object({
  chargeId: sandboxChargeIdSchema,
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'sandboxPay.errors.cardNumber' })),
});

export const sandboxDecisionSchema = z.object({
  chargeId: sandboxChargeIdSchema,
  approve: z.enum(['yes', 'no']).transform((value) => value === 'yes'),
});
