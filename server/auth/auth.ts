import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { getDb } from '@/server/db/database';
import { issueAccessToken } from './access-token';
import { authConfig } from './auth.config';
import { authenticateAgent } from './authenticate';
import { SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_SECONDS } from '@/server/shared/auth/session-hint';

/** Too many failed attempts; the code travels to the sign-in form (not a secret). */
export class ThrottledSignin extends CredentialsSignin {
  code = 'throttled';
}

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'unknown';
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  logger: {
    // A wrong password is an expected outcome, not a server error worth a stack trace.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error('[auth]', error);
    },
  },
  // The readable hint beside the session cookie (server/auth/session-hint.ts). Events cover both
  // ways in: the sign-in form's server action and Auth.js's own credentials endpoint.
  events: {
    async signIn() {
      (await cookies()).set(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', maxAge: SESSION_HINT_MAX_AGE_SECONDS });
    },
    async signOut() {
      (await cookies()).delete(SESSION_HINT_COOKIE);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials, request) {
        const parsed = credentialsSchema.safeParse(credentials);
        if (!parsed.success) return null;
        const result = await authenticateAgent(await getDb(), { ...parsed.data, ip: clientIp(request) });
        if (!result.ok) {
          if (result.reason === 'throttled') throw new ThrottledSignin();
          return null;
        }
        const { agent } = result;
        return { ...agent, accessToken: await issueAccessToken(agent.id) };
      },
    }),
  ],
});
