import 'server-only';
import { z } from 'zod';
import { VARIANTS } from '@/shared/sites/site-variants';
import { text } from '@/shared/text';

// The settings forms' fields, as a form posts them (strings). Error keys are messages under
// `opsSettings.errors`. Bounds are what a real operator could mean: a fee of 60% is a typo.

const E = (key: string) => `opsSettings.errors.${key}`;

const required = (max: number, options: { multiLine?: boolean } = {}) =>
  text({ error: E('required'), ...options })
    .min(1, { error: E('required') })
    .max(max, { error: E('tooLong') });

const decimal = (max: number, { positive = false } = {}) =>
  required(12)
    .regex(/^\d{1,6}(\.\d{1,4})?$/, { error: E('number') })
    .transform(Number)
    .refine((value) => value <= max && (!positive || value > 0), { error: positive ? E('rate') : E('percentMax') });

/** Spec §9 "Refund processing fee 2-3%": the bounds the console accepts, so the fee charged stays within them. */
export const REFUND_PROCESSING_FEE_PERCENT = { min: 2, max: 3 } as const;

const refundFeePercent = required(12)
  .regex(/^\d{1,6}(\.\d{1,4})?$/, { error: E('number') })
  .transform(Number)
  .refine((value) => value >= REFUND_PROCESSING_FEE_PERCENT.min && value <= REFUND_PROCESSING_FEE_PERCENT.max, { error: E('refundFeeRange') });

/** International format: a leading plus, then 7–15 digits, with spaces, dashes or brackets between. */
const PHONE = /^\+[0-9](?:[0-9 ()-]{5,22})[0-9]$/;
const phone = required(30)
  .regex(PHONE, { error: E('phone') })
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, { error: E('phone') });

export const generalSettingsSchema = z
  .object({
    rubPerAed: decimal(1000, { positive: true }),
    rubCardFeePercent: decimal(20),
    rubTaxPercent: decimal(50),
    rubConversionFeePercent: decimal(20),
    cardTopUpFeePercent: decimal(20),
    refundMoreThan48h: decimal(100),
    refundBetween24hAnd48h: decimal(100),
    refundLessThan24h: decimal(100),
    refundProcessingFeePercent: refundFeePercent,
    bankBeneficiary: required(150),
    bankName: required(200),
    bankIban: required(40)
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/, { error: E('iban') })),
    bankSwift: required(11)
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: E('swift') })),
    supportPhone: phone,
    supportWhatsApp: phone,
  })
  .superRefine((input, context) => {
    // A later cancellation never gets back more than an earlier one.
    if (input.refundBetween24hAnd48h > input.refundMoreThan48h) context.addIssue({ code: 'custom', path: ['refundBetween24hAnd48h'], message: E('tiersOrder') });
    if (input.refundLessThan24h > input.refundBetween24hAnd48h) context.addIssue({ code: 'custom', path: ['refundLessThan24h'], message: E('tiersOrder') });
  });
export type GeneralSettingsInput = z.output<typeof generalSettingsSchema>;
export type GeneralSettingsField = keyof z.input<typeof generalSettingsSchema>;

/** A site-relative path (`/brand/logo.svg`) or an https URL; nothing that could run script. */
const logo = required(500).refine((value) => {
  if (/^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}, { error: E('url') });

export const siteSettingsSchema = z.object({
  variant: z.enum(VARIANTS, { error: E('required') }),
  logo,
  aboutEn: required(1000, { multiLine: true }),
  aboutRu: required(1000, { multiLine: true }),
  email: required(254)
    .pipe(z.email({ error: E('email') }))
    .transform((value) => value.toLowerCase()),
  addressEn: required(300),
  addressRu: required(300),
});
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
export type SiteSettingsField = keyof z.input<typeof siteSettingsSchema>;
