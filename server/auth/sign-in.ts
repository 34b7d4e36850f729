import 'server-only';
import { AuthError, CredentialsSignin } from 'next-auth';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { type Locale, toLocale } from '@/i18n/locales';
import { formInput } from '@/server/actions/form-input';
import { signIn } from './auth';
import { MaintenanceSignin, SecondFactorLockedSignin, ThrottledSignin } from './authorize';
import { CONTROL_CHARACTERS_MESSAGE } from './credentials-schema';

// The sign-in form's way through Auth.js, the same for agents and staff: the form is read by its
// kind's schema, Auth.js's `signIn()` checks the credentials (server/auth/authorize.ts: throttle,
// second factor, lockout) and sets the session cookie, and a refusal comes back as the message
// to show in the page's language, with the e-mail as typed. These actions are the two entry
// points not made by an action wrapper: Auth.js reads the credentials and answers itself.

export type SignInFailureCode = 'invalidCredentials' | 'throttled' | 'factorLocked' | 'maintenance' | 'controlCharacters' | 'invalidInput' | 'failed';

export type SignInOutcome = { ok: true; redirectTo: string } | { ok: false; code: SignInFailureCode; message: string; email: string };

type SignInFields = { email: string; password: string; code?: string; callbackUrl?: string | undefined };

export type SignInKind = {
  /** Auth.js's provider id. */
  provider: string;
  /** The form's fields: the credentials and the page to go back to. */
  schema: z.ZodType<SignInFields>;
  /** Message keys of this kind's own refusals (`invalidCredentials`, `invalidInput`, `failed`, `factorLocked`). */
  messages: string;
  /** Logged with an unexpected Auth.js error. */
  label: string;
  /** Where the signed-in principal goes, from the callback the form carried. */
  target: (callbackUrl: string | undefined, locale: Locale) => string;
};

/** The form's `callbackUrl` beside the credentials. */
export const withCallback = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ callbackUrl: z.string().optional() });

export async function signInWith(kind: SignInKind, form: FormData): Promise<SignInOutcome> {
  const locale = toLocale(form.get('locale'));
  const email = String(form.get('email') ?? '');
  const fail = async (code: SignInFailureCode, retryAfterSeconds = 0): Promise<SignInOutcome> => ({
    ok: false,
    code,
    message: await failureMessage(kind, locale, code, retryAfterSeconds),
    email,
  });
  const parsed = kind.schema.safeParse(formInput(form));
  if (!parsed.success) {
    return fail(parsed.error.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE) ? 'controlCharacters' : 'invalidInput');
  }
  const { callbackUrl, ...credentials } = parsed.data;
  try {
    await signIn(kind.provider, { ...credentials, redirect: false });
  } catch (error) {
    if (error instanceof ThrottledSignin) return fail('throttled', error.retryAfterSeconds);
    if (error instanceof SecondFactorLockedSignin) return fail('factorLocked', error.retryAfterSeconds);
    if (error instanceof MaintenanceSignin) return fail('maintenance');
    if (error instanceof CredentialsSignin) return fail('invalidCredentials');
    if (error instanceof AuthError) {
      console.error(`[auth] ${kind.label} failed`, error);
      return fail('failed');
    }
    throw error;
  }
  return { ok: true, redirectTo: kind.target(callbackUrl, locale) };
}

async function failureMessage(kind: SignInKind, locale: Locale, code: SignInFailureCode, retryAfterSeconds: number): Promise<string> {
  const t = await getTranslations({ locale });
  switch (code) {
    case 'throttled':
      return t('auth.errors.throttled', { seconds: retryAfterSeconds });
    case 'factorLocked':
      return t(`${kind.messages}.factorLocked` as never, { minutes: Math.ceil(retryAfterSeconds / 60) } as never);
    case 'maintenance':
      return t('errors.maintenance');
    case 'controlCharacters':
      return t('errors.controlCharacters');
    default:
      return t(`${kind.messages}.${code}` as never);
  }
}
