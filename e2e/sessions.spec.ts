import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { AccountMenu, DEMO_PASSWORD, SignInPage } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// Revocable sessions end to end: a session cookie copied into another browser stops working when its
// session ends. The Palm Coast junior and admin are reserved for this spec (it signs them out
// everywhere and changes the admin's password).
const JUNIOR = 'junior@palmcoast.test';
const ADMIN = 'admin@palmcoast.test';
const NEW_PASSWORD = 'Sunset-Dunes-2027';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await new SignInPage(page).open('?callbackUrl=%2Fmy-account');
  await new SignInPage(page).signIn(email, password);
  await expect(page).toHaveURL('/my-account', { timeout: 30_000 });
}

/** Another browser holding a copy of this one's cookies. */
async function copyOf(browser: Browser, context: BrowserContext): Promise<Page> {
  const copy = await browser.newContext({ storageState: await context.storageState() });
  return copy.newPage();
}

async function expectSignedIn(page: Page) {
  await page.goto('/my-account');
  await expect(page).toHaveURL('/my-account');
}

async function expectSignedOut(page: Page) {
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/sign-in\?error=SessionRequired/);
  // The session call says so too, and clears the dead cookie.
  const answer = await page.request.get('/api/auth/session');
  expect(await answer.json()).toBeNull();
  expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('session-token'))).toEqual([]);
}

test('a copied session cookie dies when its browser signs out', ENGINE_SENSITIVE, async ({ browser, page }) => {
  await signIn(page, JUNIOR);
  const copy = await copyOf(browser, page.context());
  await expectSignedIn(copy);
  await new AccountMenu(page).logout();
  await expectSignedOut(copy);
});

test('"Sign out everywhere" ends the session in every browser', ENGINE_SENSITIVE, async ({ browser, page }) => {
  await signIn(page, JUNIOR);
  const other = await (await browser.newContext()).newPage();
  await signIn(other, JUNIOR);
  const copy = await copyOf(browser, page.context());

  const section = page.getByRole('region', { name: 'Sign out everywhere' });
  await section.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  await expectSignedOut(page);
  await expectSignedOut(copy);
  await expectSignedOut(other);
});

test('a password change keeps this browser signed in and ends every other session, a copy of this one included', ENGINE_SENSITIVE, async ({ browser, page }) => {
  await signIn(page, ADMIN);
  const copy = await copyOf(browser, page.context());
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(DEMO_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your password is changed.')).toBeVisible();

  await expectSignedOut(copy);
  await expectSignedIn(page);
});

test('a wrong-password streak slows the e-mail down, says how long to wait, and lets the agent in after it', ENGINE_SENSITIVE, async ({ page }) => {
  const signInPage = new SignInPage(page);
  const error = page.locator('#sign-in-error');
  /**
   * One sign-in, waiting for the server's answer (the same message twice reads the same) and for
   * the form's reset after it (the password emptied): typing before that reset would be wiped by it.
   */
  const attempt = async (password: string) => {
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await signInPage.signIn(JUNIOR, password);
    await answered;
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(error).not.toBeEmpty();
    return (await error.innerText()).trim();
  };
  await signInPage.open();
  let message = '';
  for (let i = 0; i < 8 && !message.startsWith('Too many'); i += 1) message = await attempt(`wrong-${i}`);
  expect(message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);
  const seconds = Number(/(\d+) second/.exec(message)?.[1]);
  await page.waitForTimeout(seconds * 1000 + 300);
  await signInPage.signIn(JUNIOR, DEMO_PASSWORD);
  // Without a page to go back to, the sign-in lands on the dashboard.
  await expect(page).toHaveURL('/dashboard');
});
