import { encode } from 'next-auth/jwt';
import { readSessionCookie } from '@/server/auth/session-cookie';

// The session cookie is decoded once per process and kept until it expires (the database still
// answers on every request whether its session lives): what is kept must never outlive the
// cookie or answer for another secret.

const SECRET = 'session-cookie-test-secret-000000000000000';
const COOKIE = 'authjs.session-token';

async function browserWith(claims: { uid: string; sid: string }, maxAge: number) {
  const value = await encode({ token: claims, secret: SECRET, salt: COOKIE, maxAge });
  return { getAll: () => [{ name: COOKIE, value }] };
}

afterEach(() => vi.useRealTimers());

it('reads the same claims every time the cookie comes back', async () => {
  const browser = await browserWith({ uid: 'agent-1', sid: 'session-1' }, 3_600);
  expect(await readSessionCookie(browser, [SECRET])).toEqual({ userId: 'agent-1', sessionId: 'session-1', kind: 'agent' });
  expect(await readSessionCookie(browser, [SECRET])).toEqual({ userId: 'agent-1', sessionId: 'session-1', kind: 'agent' });
});

it('stops reading a cookie once it has expired, though it was read before', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  const browser = await browserWith({ uid: 'agent-2', sid: 'session-2' }, 60);
  expect(await readSessionCookie(browser, [SECRET])).toEqual({ userId: 'agent-2', sessionId: 'session-2', kind: 'agent' });
  vi.setSystemTime(new Date('2026-11-25T10:01:30Z'));
  expect(await readSessionCookie(browser, [SECRET])).toBe('invalid');
});

it('does not answer for a secret the cookie was not made with', async () => {
  const browser = await browserWith({ uid: 'agent-3', sid: 'session-3' }, 3_600);
  expect(await readSessionCookie(browser, [SECRET])).toEqual({ userId: 'agent-3', sessionId: 'session-3', kind: 'agent' });
  expect(await readSessionCookie(browser, ['another-secret-entirely-0000000000000000'])).toBe('invalid');
});

it('answers none without a cookie and invalid for one that does not decode', async () => {
  expect(await readSessionCookie({ getAll: () => [] }, [SECRET])).toBe('none');
  expect(await readSessionCookie({ getAll: () => [{ name: COOKIE, value: 'not-a-token' }] }, [SECRET])).toBe('invalid');
});
