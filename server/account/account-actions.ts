'use server';

import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction, runPublicAction } from '@/server/actions/run-action';
import { renewSession } from '@/server/auth/renew-session';
import { isProvidedFile } from '@/server/files/uploads';
import type { MailContext } from './account-mail';
import {
  type ChangePasswordField,
  changePasswordSchema,
  forgotPasswordSchema,
  type ResetPasswordField,
  resetPasswordSchema,
  type SignUpField,
  signUpSchema,
} from './account-schemas';
import { changePassword } from './change-password';
import { clientAddress } from '@/server/http/client-address';
import { linkOrigin } from '@/server/http/link-origin';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';

// The account forms. Each answers with a state its form renders, so the forms work before
// hydration; what the visitor typed comes back with a failure (never passwords or files).

type SignUpText = Exclude<SignUpField, 'tradeLicence' | 'vatCertificate'>;
const SIGN_UP_TEXT: readonly SignUpText[] = ['name', 'email', 'contactPhone', 'companyName', 'tradeLicenceExpiry'];

export type SignUpState = (ActionFailure<SignUpField> & { values: Partial<Record<SignUpText, string>> }) | { ok: true; email: string } | null;

/** Spec §6 public call "sign-up" (multipart). The same success for a new and a registered e-mail. */
export async function signUpAction(_previous: SignUpState, formData: FormData): Promise<SignUpState> {
  const values = textFields(formData, SIGN_UP_TEXT);
  const [context, requestHeaders] = await Promise.all([visitorContext(), headers()]);
  const result = await runPublicAction(
    {
      schema: signUpSchema,
      invalidMessage: 'account.errors.invalid',
      run: async (input, { db }) => {
        await signUp(db, input, { ...context, clientAddress: clientAddress(requestHeaders) });
        return input.email;
      },
    },
    { ...values, tradeLicence: providedFile(formData.get('tradeLicence')), vatCertificate: providedFile(formData.get('vatCertificate')) },
  );
  return result.ok ? { ok: true, email: result.data } : { ...result, values };
}

export type ForgotPasswordState = (ActionFailure<'email'> & { values: { email?: string } }) | { ok: true; email: string } | null;

/** Spec §6 public call "forgot password": the same answer whether or not the account exists. */
export async function forgotPasswordAction(_previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  const values = textFields(formData, ['email'] as const);
  const context = await visitorContext();
  const result = await runPublicAction(
    {
      schema: forgotPasswordSchema,
      run: async ({ email }, { db }) => {
        await requestPasswordReset(db, email, context);
        return email;
      },
    },
    values,
  );
  return result.ok ? { ok: true, email: result.data } : { ...result, values };
}

export type ResetPasswordState = ActionFailure<ResetPasswordField> | null;

/**
 * Spec §6 public call "reset password", also the verification and invitation links. Success goes
 * to sign-in with a notice (and, for an agency still waiting for approval, when bookings open).
 */
export async function resetPasswordAction(_previous: ResetPasswordState, formData: FormData): Promise<ResetPasswordState> {
  const result = await runPublicAction(
    { schema: resetPasswordSchema, invalidMessage: 'account.errors.invalid', run: (input, { db }) => resetPassword(db, input) },
    { token: formData.get('token'), password: formData.get('password'), confirmPassword: formData.get('confirmPassword') },
  );
  if (!result.ok) return result;
  const notice = result.data.agencyPending ? 'approvalPending' : 'passwordSet';
  redirect(`${localizedPath(await visitorLocale(), '/sign-in')}?notice=${notice}`);
}

export type ChangePasswordState = ActionFailure<ChangePasswordField> | { ok: true } | null;

/** Spec §7 "/b2b/account/changepassword", as the form on /my-account. */
export async function changePasswordAction(_previous: ChangePasswordState, formData: FormData): Promise<ChangePasswordState> {
  const result = await runAction(
    {
      schema: changePasswordSchema,
      permission: null,
      invalidMessage: 'account.errors.invalid',
      run: async (input, { principal, db }) => {
        await changePassword(db, principal, input);
        return { email: principal.email, password: input.newPassword };
      },
    },
    { currentPassword: formData.get('currentPassword'), newPassword: formData.get('newPassword'), confirmPassword: formData.get('confirmPassword') },
  );
  if (!result.ok) return result;
  // The change ended every session, this browser's too: it goes on in a new one.
  await renewSession(result.data);
  return { ok: true };
}

function textFields<Field extends string>(formData: FormData, fields: readonly Field[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** An empty file input arrives as an unnamed empty file: treated as no file. */
function providedFile(value: FormDataEntryValue | null): File | undefined {
  return isProvidedFile(value) ? value : undefined;
}

/** The wait of a refused attempt in its message ("wait 42 seconds"), which a DomainError's lacks. */
async function visitorLocale(): Promise<Locale> {
  const locale = await getLocale();
  return toLocale(locale);
}

async function visitorContext(): Promise<MailContext> {
  return { locale: await visitorLocale(), origin: linkOrigin(await headers()) };
}
