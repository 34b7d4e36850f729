'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { endSessions } from './sessions';
import { signOut } from './auth';
import { safeCallbackUrl } from './callback-url';
import { credentialsSchema } from './credentials-schema';
import { type SignInKind, type SignInOutcome, signInWith, withCallback } from './sign-in';

export type SignInState = SignInOutcome | null;

/** Agents sign in with e-mail and password, and go back where the sign-in was asked for. */
const AGENT_SIGN_IN: SignInKind = {
  provider: 'credentials',
  schema: withCallback(credentialsSchema),
  messages: 'auth.errors',
  label: 'sign-in',
  target: (callbackUrl) => safeCallbackUrl(callbackUrl),
};

/**
 * A form submitted before hydration gets a plain redirect. A hydrated form (it sends
 * `enhanced`) gets the target back, refreshes the client's session state and then navigates.
 * Failures come back as the message to show, in the page's language.
 */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const outcome = await signInWith(AGENT_SIGN_IN, formData);
  if (!outcome.ok || formData.get('enhanced') === '1') return outcome;
  redirect(outcome.redirectTo);
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
