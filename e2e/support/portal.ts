import { type BrowserContext, expect, type Page } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '../../shared/auth/session-hint';

export const DEMO_PASSWORD = 'Traveldesk!2026';
export const PORT = Number(process.env.E2E_PORT ?? 3100);

export type DemoRole = 'junior' | 'senior' | 'admin';
export const demoEmail = (role: DemoRole, agency: 'desertrose' | 'gulfhorizons' = 'desertrose') => `${role}@${agency}.test`;

/** The sign-in page, as an agent uses it. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/sign-in${query}`);
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** The header's account menu. */
export class AccountMenu {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async itemNames(): Promise<string[]> {
    await this.open();
    const names = await this.page.getByRole('menuitem').allInnerTexts();
    await this.page.keyboard.press('Escape');
    return names.map((name) => name.trim());
  }

  async logout() {
    await this.open();
    // Sign-out ends in a full load of the home page: wait for it, or the test's next navigation
    // races it (net::ERR_ABORTED). The header turns to the visitor's before that load.
    const homeLoaded = this.page.waitForEvent('load', { timeout: 15_000 });
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await homeLoaded;
    await expect(this.page.getByRole('link', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  }
}

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/**
 * The cookies a sign-in set, kept per key (who, where) for the rest of this worker: a spec whose
 * subject is not the sign-in starts signed in from them instead of filling the form again (a page,
 * a password hash and a redirect each time). A session ended meanwhile (a test signed out) sends
 * the browser to the sign-in page, and then the form is filled again.
 */
const savedSessions = new Map<string, Cookie[]>();

const cookieKey = (cookie: Cookie) => `${cookie.name} ${cookie.domain} ${cookie.path}`;

/**
 * Opens `url` in `page` signed in as `key` says: with the cookies this worker saved for `key`, or
 * else (none yet, or their session has ended) by `signIn`, which submits a sign-in form that
 * leads to `url`. `isSignInPage` tells the sign-in page (where a dead session is sent) from `url`.
 */
export async function openWithSavedSession(
  page: Page,
  key: string,
  url: string,
  signIn: () => Promise<void>,
  isSignInPage: (url: URL) => boolean,
  isAlive: () => Promise<boolean> = async () => true,
): Promise<void> {
  const context = page.context();
  const saved = savedSessions.get(key);
  if (saved) {
    await context.addCookies(saved);
    await page.goto(url);
    // A public page does not send a dead session to the sign-in page: `isAlive` asks.
    if (!isSignInPage(new URL(page.url())) && (await isAlive())) return;
    savedSessions.delete(key);
  }
  const before = new Map((await context.cookies()).map((cookie) => [cookieKey(cookie), cookie.value]));
  await signIn();
  // The cookies are set by the answer that leaves the sign-in page.
  await page.waitForURL((landed) => !isSignInPage(landed), { timeout: 30_000 });
  // The signed-in hint is kept even when its value did not change: a context already hinted by an
  // earlier sign-in (another role) would otherwise save a session that static pages cannot see.
  savedSessions.set(
    key,
    (await context.cookies()).filter((cookie) => cookie.name === SESSION_HINT_COOKIE || before.get(cookieKey(cookie)) !== cookie.value),
  );
}

/**
 * Whether the page's browser holds a live agent session on the page's host (Auth.js answers null
 * when not), asked from the page: Chromium resolves `*.localhost` to this machine, Node does not.
 */
export async function agentSessionAlive(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/auth/session');
    return answer.ok && (await answer.json()) !== null;
  });
}

/**
 * Signs `page` in as a demo agent and lands on `callbackPath`, with this worker's saved session of
 * that agent when it has one (see openWithSavedSession). A spec about signing in itself uses
 * SignInPage.
 */
export async function signInAs(page: Page, role: DemoRole, callbackPath = '/') {
  await openWithSavedSession(
    page,
    `${demoEmail(role)} on localhost`,
    callbackPath,
    async () => {
      const signInPage = new SignInPage(page);
      await signInPage.open(`?callbackUrl=${encodeURIComponent(callbackPath)}`);
      await signInPage.signIn(demoEmail(role));
    },
    (url) => url.pathname.endsWith('/sign-in'),
    () => agentSessionAlive(page),
  );
  // The first sign-in of a run meets a cold server (argon2, first render of the page): give it time.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
}
