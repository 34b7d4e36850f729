import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { Database } from '@/server/db/connection';
import { loadStaffPrincipal } from '@/server/staff/staff-principal';
import { loadPrincipal } from './principal';
import { isSessionCookieName, readSessionCookie } from './session-cookie';
import { SESSION_HINT_COOKIE } from '@/shared/auth/session-hint';

/**
 * Auth.js answers `/api/auth/session` from the cookie alone, and would renew a session whose row
 * is gone. This answers first: `null` for a revoked, expired or undecodable session, with its
 * cookies (and the signed-in hint) cleared. Null lets Auth.js answer a live session or none.
 */
export async function answerEndedSession(request: NextRequest, db: () => Promise<Database>): Promise<Response | null> {
  if (!request.nextUrl.pathname.endsWith('/session')) return null;
  const session = await readSessionCookie(request.cookies);
  if (session === 'none') return null;
  if (session !== 'invalid') {
    const database = await db();
    const live = session.kind === 'staff' ? await loadStaffPrincipal(database, session) : await loadPrincipal(database, session);
    if (live) return null;
  }

  const response = NextResponse.json(null, { headers: { 'cache-control': 'private, no-cache, no-store' } });
  for (const { name } of request.cookies.getAll()) {
    if (!isSessionCookieName(name)) continue;
    // A `__Secure-` cookie is only replaced by one set with Secure.
    response.cookies.set(name, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax', secure: name.startsWith('__Secure-') });
  }
  response.cookies.set(SESSION_HINT_COOKIE, '', { path: '/', maxAge: 0, sameSite: 'lax' });
  return response;
}
