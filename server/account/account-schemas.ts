// The account forms' fields (sign-up, forgot/reset/change password), shared by the server actions
// and the REST calls of spec §6. Pure. Error messages are message keys.
import 'server-only';
import { z } from 'zod';
import { NAME_PATTERN } from '@/shared/bookings/checkout-schema';
import { text } from '@/shared/text';
import { PASSWORD_MIN_LENGTH } from '@/shared/account/password-policy';
import { isCalendarDay } from '@/shared/dates';

const requiredText = (max: number) =>
  text({ error: 'account.errors.required' })
    .min(1, { error: 'account.errors.required' })
    .max(max, { error: 'account.errors.tooLong' });

/** Spec §5 "name-like text": letters and spaces only, not blank. */
const personName = requiredText(100).regex(NAME_PATTERN, { error: 'account.errors.nameLetters' });

/** Spec §5: e-mail must match a format. Stored and compared lower-cased. */
export const emailSchema = requiredText(254)
  .pipe(z.email({ error: 'account.errors.email' }))
  .transform((email) => email.toLowerCase());

const phone = requiredText(30).regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: 'account.errors.phone' });

/** Trade names carry digits and punctuation ("Travel 360 L.L.C."), but at least one letter. */
const companyName = requiredText(150).regex(/^(?=.*\p{L})[\p{L}\p{N} .,&'()/-]+$/u, { error: 'account.errors.companyName' });

/** Taken as typed (never trimmed); no one types a control character, so one is refused. */
const newPassword = text({ error: 'account.errors.required', trim: false })
  .min(1, { error: 'account.errors.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'account.errors.passwordPolicy' })
  .max(200, { error: 'account.errors.tooLong' })
  .regex(/\p{L}/u, { error: 'account.errors.passwordPolicy' })
  .regex(/\p{N}/u, { error: 'account.errors.passwordPolicy' });

/**
 * Size and type of the files are checked by content on the server (server/files), not here: an
 * empty file input arrives as `undefined` (see `isProvidedFile`).
 */
export const signUpSchema = z.object({
  name: personName,
  email: emailSchema,
  contactPhone: phone,
  companyName,
  // Asked from the start, so the licence's expiry is known (and warned about) from day one; an
  // expired licence is refused by `signUp`, which knows Dubai's today.
  tradeLicenceExpiry: requiredText(10).refine((value) => isCalendarDay(value), { error: 'account.errors.date' }),
  tradeLicence: z.instanceof(File, { error: 'files.required' }),
  vatCertificate: z.instanceof(File).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignUpField = keyof z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    // Tokens are base64url (server/account/account-tokens.ts): anything else is no token of ours.
    token: z.string({ error: 'account.tokenInvalid' }).regex(/^[\w-]{1,200}$/, { error: 'account.tokenInvalid' }),
    password: newPassword,
    confirmPassword: z.string({ error: 'account.errors.passwordMismatch' }),
  })
  .refine((input) => input.password === input.confirmPassword, { error: 'account.errors.passwordMismatch', path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ResetPasswordField = keyof z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: text({ error: 'account.errors.required', trim: false }).min(1, { error: 'account.errors.required' }).max(200, { error: 'account.errors.tooLong' }),
    newPassword,
    confirmPassword: z.string({ error: 'account.errors.passwordMismatch' }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { error: 'account.errors.passwordMismatch', path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ChangePasswordField = keyof z.input<typeof changePasswordSchema>;
