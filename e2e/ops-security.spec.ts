import { type BrowserContext, expect, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, type DemoRole, PORT, signInAs } from './support/portal';
import { CONSOLE_SECTIONS, OPERATOR, signInAsStaff } from './support/ops';

// The console's security rule in the browser: no agency role and no visitor reaches any
// console page (by URL) or runs a console action (by posting it directly with the action id a
// staff member's page uses), and staff sign-in without the second factor fails.

// Staff sign-in may wait for a fresh authenticator step (up to 30 s) when another spec used it.
test.describe.configure({ timeout: 180_000 });

/** Every console page, an unknown one, and some in Russian. */
const CONSOLE_PAGES = [...CONSOLE_SECTIONS, '/ops/no-such-section', '/ru/ops', '/ru/ops/agencies'];

async function expectSentToStaffSignIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page, `${path} must not open`).toHaveURL(/\/ops\/sign-in/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Staff sign-in|Вход для сотрудников/);
}

test('a signed-out visitor gets the staff sign-in for every console page', async ({ page }) => {
  for (const path of CONSOLE_PAGES) await expectSentToStaffSignIn(page, path);
});

for (const role of ['junior', 'senior', 'admin'] as DemoRole[]) {
  test(`an agency ${role} gets the staff sign-in for every console page`, async ({ page }) => {
    await signInAs(page, role);
    for (const path of CONSOLE_PAGES) await expectSentToStaffSignIn(page, path);
  });
}

test('staff sign-in without the second factor, or with a wrong one, fails', async ({ page }) => {
  await page.goto('/ops/sign-in');
  await page.getByLabel('E-mail').fill(OPERATOR);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form [role=alert]')).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('The e-mail, password or code is not right.');
  await page.goto('/ops');
  await expect(page).toHaveURL(/\/ops\/sign-in/);
});

/**
 * The post a staff member's console form makes (its action id and body), captured without
 * letting it run, so it can be replayed by someone else.
 */
async function captureActionPost(context: BrowserContext, path: string, submit: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  await page.goto(path);
  const captured = new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve) => {
    void page.route('**/*', async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && request.headers()['next-action']) {
        resolve({ headers: request.headers(), body: request.postDataBuffer() ?? Buffer.alloc(0) });
        await route.abort();
      } else {
        await route.continue();
      }
    });
  });
  await submit(page);
  const post = await captured;
  await page.close();
  return post;
}

test('an agency admin posting a console action directly is refused with 401', async ({ browser, page }) => {
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInAsStaff(staffPage);
  await staffPage.close();
  // The operator's settings form: captured as the browser would post it, never run.
  const post = await captureActionPost(staff, '/ops/settings', (console) => console.getByRole('button', { name: 'Save' }).first().click());
  await staff.close();

  for (const agent of [null, 'admin'] as const) {
    if (agent) await signInAs(page, agent);
    // Its own connection with the page's cookies: a kept-alive one from before the sign-in may
    // have been closed by the server meanwhile (a reset, not an answer).
    const api = await request.newContext({ baseURL: `http://localhost:${PORT}`, storageState: await page.context().storageState() });
    const replay = await api.post('/ops/settings', {
      headers: { 'next-action': post.headers['next-action']!, 'content-type': post.headers['content-type']!, accept: 'text/x-component' },
      data: post.body,
      maxRedirects: 0,
    });
    // Without any session the gate sends the post to the staff sign-in; with an agent's, the
    // action itself answers spec §8's 401 in its result. Either way it never runs.
    const answer = await replay.text();
    await api.dispose();
    if (agent === null) {
      expect(replay.status()).toBe(307);
      expect(replay.headers().location).toMatch(/\/ops\/sign-in/);
      continue;
    }
    expect(answer, `as an agency ${agent}`).toContain('"status":401');
    expect(answer).not.toContain('"ok":true');
  }
});
