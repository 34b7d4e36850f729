'use server';

import 'server-only';
import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { localizedPath, toLocale } from '@/i18n/locales';
import { signIn, signOut } from '@/server/auth/auth';
import { MaintenanceSignin, ThrottledSignin } from '@/server/auth/authorize';
import { safeCallbackUrl } from '@/server/auth/callback-url';
import { CONTROL_CHARACTERS_MESSAGE } from '@/server/auth/credentials-schema';
import { isOpsPath } from '@/shared/auth/route-access';
import { stripLocale } from '@/i18n/locales';
import { SecondFactorLockedSignin, STAFF_PROVIDER, staffCredentialsSchema } from './authorize-staff';
import { getStaffPrincipal } from './staff-principal';

export type StaffSignInState = { ok: false; message: string; email: string } | null;

type Failure = 'invalidCredentials' | 'throttled' | 'factorLocked' | 'maintenance' | 'controlCharacters' | 'invalidInput' | 'failed';

/** Staff sign-in: e-mail, password and the authenticator's code (or a recovery code), then the console. */
export async function staffSignInAction(_previous: StaffSignInState, formData: FormData): Promise<StaffSignInState> {
  const locale = toLocale(formData.get('locale'));
  const email = String(formData.get('email') ?? '');
  const fail = async (code: Failure, retryAfterSeconds = 0): Promise<StaffSignInState> => {
    const t = await getTranslations({ locale });
    const message =
      code === 'throttled'
        ? t('auth.errors.throttled', { seconds: retryAfterSeconds })
        : code === 'factorLocked'
          ? t('ops.signIn.errors.factorLocked', { minutes: Math.ceil(retryAfterSeconds / 60) })
          : code === 'maintenance'
          ? t('errors.maintenance')
          : code === 'controlCharacters'
            ? t('errors.controlCharacters')
            : t(`ops.signIn.errors.${code}`);
    return { ok: false, message, email };
  };
  const parsed = staffCredentialsSchema.extend({ callbackUrl: z.string().optional() }).safeParse({
    email: formData.get('email'),
    password: formData.get('password'),
    code: formData.get('code'),
    callbackUrl: formData.get('callbackUrl') ?? undefined,
  });
  if (!parsed.success) {
    return fail(parsed.error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE) ? 'controlCharacters' : 'invalidInput');
  }
  try {
    await signIn(STAFF_PROVIDER, { email: parsed.data.email, password: parsed.data.password, code: parsed.data.code, redirect: false });
  } catch (error) {
    if (error instanceof ThrottledSignin) return fail('throttled', error.retryAfterSeconds);
    if (error instanceof SecondFactorLockedSignin) return fail('factorLocked', error.retryAfterSeconds);
    if (error instanceof MaintenanceSignin) return fail('maintenance');
    if (error instanceof CredentialsSignin) return fail('invalidCredentials');
    if (error instanceof AuthError) {
      console.error('[auth] staff sign-in failed', error);
      return fail('failed');
    }
    throw error;
  }
  // Only console pages: a callback elsewhere (or off the site) opens the dashboard.
  const home = localizedPath(locale, '/ops');
  const target = safeCallbackUrl(parsed.data.callbackUrl, home);
  redirect(isOpsPath(stripLocale(target.split('?')[0]!)) ? target : home);
}

/** Ends this browser's staff session and goes back to the staff sign-in. */
export async function staffSignOutAction(formData: FormData): Promise<void> {
  const locale = toLocale(formData.get('locale'));
  if (await getStaffPrincipal()) await signOut({ redirect: false });
  redirect(localizedPath(locale, '/ops/sign-in'));
}
