// Signs an agent (or a staff member) in through Auth.js's credentials endpoint, as the sign-in forms do.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?=/;
const TIMEOUT_MS = 15_000;

function cookiePairs(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
}

/** Resolves to the `cookie` header value carrying the agent's session. */
export function signIn(baseUrl, { email, password }) {
  return signInWith(baseUrl, 'credentials', { email, password });
}

/** A staff member of the operator console: password and the current TOTP code of `totpSecret`. */
export async function signInStaff(baseUrl, { email, password, totpSecret }) {
  const { generate } = await import('otplib');
  return signInWith(baseUrl, 'staff', { email, password, code: await generate({ secret: totpSecret }) });
}

async function signInWith(baseUrl, provider, fields) {
  const { email } = fields;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const csrf = await fetch(new URL('/api/auth/csrf', baseUrl), { signal });
  if (!csrf.ok) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = await csrf.json();

  const callback = await fetch(new URL(`/api/auth/callback/${provider}`, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    signal,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiePairs(csrf).join('; ') },
    body: new URLSearchParams({ csrfToken, ...fields, callbackUrl: '/' }),
  });
  const session = cookiePairs(callback).filter((pair) => SESSION_COOKIE.test(pair));
  if (session.length === 0) {
    throw new Error(`sign-in of ${email} failed: ${callback.status} → ${callback.headers.get('location') ?? 'no redirect'}`);
  }
  const cookie = session.join('; ');

  const check = await fetch(new URL('/api/auth/session', baseUrl), { headers: { cookie }, signal });
  const body = check.ok ? await check.json() : null;
  if (!body?.user) throw new Error(`the session of ${email} is not accepted by /api/auth/session`);
  return cookie;
}
