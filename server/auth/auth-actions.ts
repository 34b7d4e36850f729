'use server';

import 'server-only';
import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { endSessions } from './sessions';
import { signIn, signOut } from './auth';
import { MaintenanceSignin, ThrottledSignin } from './authorize';
import { safeCallbackUrl } from './callback-url';
import { CONTROL_CHARACTERS_MESSAGE, credentialsSchema } from './credentials-schema';

type SignInFailure = 'invalidCredentials' | 'throttled' | 'maintenance' | 'controlCharacters' | 'invalidInput' | 'failed';

export type SignInState =
  | { ok: true; redirectTo: string }
  | { ok: false; code: SignInFailure; message: string; email: string }
  | null;

const signInSchema = credentialsSchema.extend({ callbackUrl: z.string().optional() });

/**
 * A form submitted before hydration gets a plain redirect. A hydrated form (it sends
 * `enhanced`) gets the target back, refreshes the client's session state and then navigates.
 * Failures come back as the message to show, in the page's language.
 */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = String(formData.get('email') ?? '');
  const locale = formData.get('locale');
  const fail = async (code: SignInFailure, retryAfterSeconds = 0): Promise<SignInState> => ({
    ok: false,
    code,
    message: await signInMessage(toLocale(locale), code, retryAfterSeconds),
    email,
  });
  const parsed = signInSchema.safeParse({
    email: formData.get('email'),
    password: formData.get('password'),
    callbackUrl: formData.get('callbackUrl') ?? undefined,
  });
  if (!parsed.success) {
    return fail(parsed.error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE) ? 'controlCharacters' : 'invalidInput');
  }

  const redirectTo = safeCallbackUrl(parsed.data.callbackUrl);
  try {
    await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirect: false });
  } catch (error) {
    if (error instanceof ThrottledSignin) return fail('throttled', error.retryAfterSeconds);
    if (error instanceof MaintenanceSignin) return fail('maintenance');
    if (error instanceof CredentialsSignin) return fail('invalidCredentials');
    if (error instanceof AuthError) {
      console.error('[auth] sign-in failed', error);
      return fail('failed');
    }
    throw error;
  }
  if (formData.get('enhanced') === '1') return { ok: true, redirectTo };
  redirect(redirectTo);
}

async function signInMessage(locale: Locale, code: SignInFailure, retryAfterSeconds: number): Promise<string> {
  const t = await getTranslations({ locale });
  switch (code) {
    case 'throttled':
      return t('auth.errors.throttled', { seconds: retryAfterSeconds });
    case 'maintenance':
      return t('errors.maintenance');
    case 'controlCharacters':
      return t('errors.controlCharacters');
    default:
      return t(`auth.errors.${code}`);
  }
}

export type SignOutEverywhereState = ActionFailure | null;

/**
 * Ends every session of the agent, in every browser (the rows go), this one included, and goes
 * home. A copied session cookie signs in nobody afterwards.
 */
export const signOutEverywhereAction = runAction({
  schema: z.object({}),
  permission: null,
  run: (_input, { principal, db }) => endSessions(db, 'agent', principal.userId),
  answer: async (result): Promise<SignOutEverywhereState> => {
    if (!result.ok) return result;
    await signOut({ redirect: false });
    const locale = await getLocale();
    redirect(localizedPath(toLocale(locale), '/'));
  },
});
