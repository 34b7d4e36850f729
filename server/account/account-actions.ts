'use server';

import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction, runPublicAction } from '@/server/actions/run-action';
import { renewSession } from '@/server/auth/renew-session';
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
export const signUpAction = runPublicAction({
  schema: signUpSchema,
  form: { files: ['tradeLicence', 'vatCertificate'], echo: SIGN_UP_TEXT },
  invalidMessage: 'account.errors.invalid',
  run: async (input, { db }) => {
    const [context, requestHeaders] = await Promise.all([visitorContext(), headers()]);
    await signUp(db, input, { ...context, clientAddress: clientAddress(requestHeaders) });
    return input.email;
  },
  answer: (result): SignUpState => (result.ok ? { ok: true, email: result.data } : result),
});

export type ForgotPasswordState = (ActionFailure<'email'> & { values: { email?: string } }) | { ok: true; email: string } | null;

/** Spec §6 public call "forgot password": the same answer whether or not the account exists. */
export const forgotPasswordAction = runPublicAction({
  schema: forgotPasswordSchema,
  form: { echo: ['email'] },
  run: async ({ email }, { db }) => {
    await requestPasswordReset(db, email, await visitorContext());
    return email;
  },
  answer: (result): ForgotPasswordState => (result.ok ? { ok: true, email: result.data } : result),
});

export type ResetPasswordState = ActionFailure<ResetPasswordField> | null;

/**
 * Spec §6 public call "reset password", also the verification and invitation links. Success goes
 * to sign-in with a notice (and, for an agency still waiting for approval, when bookings open).
 */
export const resetPasswordAction = runPublicAction({
  schema: resetPasswordSchema,
  invalidMessage: 'account.errors.invalid',
  run: (input, { db }) => resetPassword(db, input),
  answer: async (result): Promise<ResetPasswordState> => {
    if (!result.ok) return result;
    const notice = result.data.agencyPending ? 'approvalPending' : 'passwordSet';
    redirect(`${localizedPath(await visitorLocale(), '/sign-in')}?notice=${notice}`);
  },
});

export type ChangePasswordState = ActionFailure<ChangePasswordField> | { ok: true } | null;

/** Spec §7 "/b2b/account/changepassword", as the form on /my-account. */
export const changePasswordAction = runAction({
  schema: changePasswordSchema,
  permission: null,
  invalidMessage: 'account.errors.invalid',
  run: async (input, { principal, db }) => {
    await changePassword(db, principal, input);
    return { email: principal.email, password: input.newPassword };
  },
  answer: async (result): Promise<ChangePasswordState> => {
    if (!result.ok) return result;
    // The change ended every session, this browser's too: it goes on in a new one.
    await renewSession(result.data);
    return { ok: true };
  },
});

async function visitorLocale(): Promise<Locale> {
  const locale = await getLocale();
  return toLocale(locale);
}

async function visitorContext(): Promise<MailContext> {
  return { locale: await visitorLocale(), origin: linkOrigin(await headers()) };
}
