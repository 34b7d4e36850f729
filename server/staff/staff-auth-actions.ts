'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { localizedPath, toLocale } from '@/i18n/locales';
import { signOut } from '@/server/auth/auth';
import { safeCallbackUrl } from '@/server/auth/callback-url';
import { type SignInKind, signInWith, withCallback } from '@/server/auth/sign-in';
import { isOpsPath } from '@/shared/auth/route-access';
import { stripLocale } from '@/i18n/locales';
import { STAFF_PROVIDER, staffCredentialsSchema } from './authorize-staff';
import { getStaffPrincipal } from './staff-principal';

export type StaffSignInState = { ok: false; message: string; email: string } | null;

/**
 * Staff sign in with e-mail, password and the authenticator's code (or a recovery code), and go
 * on to console pages only: a callback elsewhere (or off the site) opens the dashboard.
 */
const STAFF_SIGN_IN: SignInKind = {
  provider: STAFF_PROVIDER,
  schema: withCallback(staffCredentialsSchema),
  messages: 'ops.signIn.errors',
  label: 'staff sign-in',
  target: (callbackUrl, locale) => {
    const home = localizedPath(locale, '/ops');
    const target = safeCallbackUrl(callbackUrl, home);
    return isOpsPath(stripLocale(target.split('?')[0]!)) ? target : home;
  },
};

/** Staff sign-in, then the console. */
export async function staffSignInAction(_previous: StaffSignInState, formData: FormData): Promise<StaffSignInState> {
  const outcome = await signInWith(STAFF_SIGN_IN, formData);
  if (!outcome.ok) return { ok: false, message: outcome.message, email: outcome.email };
  redirect(outcome.redirectTo);
}

/** Ends this browser's staff session and goes back to the staff sign-in. */
export async function staffSignOutAction(formData: FormData): Promise<void> {
  const locale = toLocale(formData.get('locale'));
  if (await getStaffPrincipal()) await signOut({ redirect: false });
  redirect(localizedPath(locale, '/ops/sign-in'));
}
