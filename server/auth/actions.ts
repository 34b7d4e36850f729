'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signIn } from './auth';
import { safeCallbackUrl } from './callback-url';

export type SignInState =
  | { ok: true; redirectTo: string }
  | { ok: false; code: 'invalidCredentials' | 'throttled' | 'invalidInput' | 'failed'; email: string }
  | null;

const signInSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  callbackUrl: z.string().optional(),
});

/**
 * A form submitted before hydration gets a plain redirect. A hydrated form (it sends
 * `enhanced`) gets the target back, refreshes the client's session state and then navigates.
 */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = String(formData.get('email') ?? '');
  const parsed = signInSchema.safeParse({
    email: formData.get('email'),
    password: formData.get('password'),
    callbackUrl: formData.get('callbackUrl') ?? undefined,
  });
  if (!parsed.success) return { ok: false, code: 'invalidInput', email };

  const redirectTo = safeCallbackUrl(parsed.data.callbackUrl);
  try {
    await signIn('credentials', { email: parsed.data.email, password: parsed.data.password, redirect: false });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      return { ok: false, code: error.code === 'throttled' ? 'throttled' : 'invalidCredentials', email };
    }
    if (error instanceof AuthError) {
      console.error('[auth] sign-in failed', error);
      return { ok: false, code: 'failed', email };
    }
    throw error;
  }
  if (formData.get('enhanced') === '1') return { ok: true, redirectTo };
  redirect(redirectTo);
}
