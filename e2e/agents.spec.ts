import { type Browser, expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { readOutboxFromConsole } from './support/ops';
import { PORT, SignInPage } from './support/portal';

// Gulf Horizons' agents only: other specs sign in as Desert Rose agents and share this server's
// database. junior@gulfhorizons.test is reserved for this spec (it is deleted and restored here).
const ADMIN = 'admin@gulfhorizons.test';
const SENIOR = 'senior@gulfhorizons.test';
const JUNIOR = 'junior@gulfhorizons.test';
const JUNIOR_NAME = 'Dmitry Volkov';

async function signIn(page: Page, email: string, path = '/agents') {
  const signInPage = new SignInPage(page);
  await signInPage.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signInPage.signIn(email);
  // The first sign-in of a run meets a cold server (argon2, first render of the page): give it time.
  await expect(page).toHaveURL(path, { timeout: 30_000 });
}

/** Letters only (names may hold no digits), different on every run. */
function uniqueWord(): string {
  return [...Date.now().toString(36)].map((char) => String.fromCharCode(97 + (parseInt(char, 36) % 26))).join('');
}

/** The agents page, as an admin uses it. */
class AgentsPage {
  constructor(readonly page: Page) {}

  card(name: string | RegExp): Locator {
    return this.page.getByRole('article', { name });
  }

  async openNewAgentForm(): Promise<Locator> {
    await this.page.locator('summary', { hasText: 'New agent' }).click();
    const form = this.page.getByRole('group', { name: 'New agent' });
    await expect(form.getByLabel('Name')).toBeFocused();
    return form;
  }

  /** Opens a card's edit panel and waits for the focus in its first field, as a person would. */
  async openEditForm(card: Locator, name: string): Promise<Locator> {
    await card.locator('summary', { hasText: 'Edit' }).click();
    const form = card.getByRole('group', { name: `Edit ${name}` });
    await expect(form.getByLabel('Name')).toBeFocused();
    return form;
  }

  async fill(form: Locator, fields: { name?: string; email?: string; phone?: string; jobTitle?: string; role?: string }) {
    if (fields.name !== undefined) await form.getByLabel('Name').fill(fields.name);
    if (fields.email !== undefined) await form.getByLabel('E-mail').fill(fields.email);
    if (fields.phone !== undefined) await form.getByLabel('Phone').fill(fields.phone);
    if (fields.jobTitle !== undefined) await form.getByLabel('Job title').fill(fields.jobTitle);
    if (fields.role !== undefined) await form.getByLabel('Role').selectOption({ label: fields.role });
  }

  /** Opens the card's delete or restore step and confirms it. */
  async confirm(card: Locator, step: 'Delete' | 'Restore') {
    await card.locator('summary', { hasText: step }).click();
    const confirm = card.getByRole('button', { name: `${step} agent` });
    await expect(confirm).toBeFocused();
    await confirm.click();
  }
}

/** The mails to `to`, newest first, as an operator reads them in the console's outbox. */
async function outbox(page: Page, to: string): Promise<{ kind: string; subject: string; textBody: string }[]> {
  return (await readOutboxFromConsole(page, to)).map((mail) => ({ kind: mail.kind, subject: mail.subject, textBody: mail.text }));
}

test('an admin creates, edits, deletes and restores an agent', async ({ page }) => {
  // Four changes, each a server round trip and a refresh of the list.
  test.slow();
  const agents = new AgentsPage(page);
  const name = `Nadia ${uniqueWord()}`;
  const email = `${name.replace(' ', '.').toLowerCase()}@gulfhorizons.test`;
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();

  const form = await agents.openNewAgentForm();
  await agents.fill(form, { name, email, phone: '+971 50 123 4567', jobTitle: 'Travel Consultant' });
  await form.getByRole('button', { name: 'Create and send invitation' }).click();
  await expect(page.getByText(`${name} was added. An invitation was sent to ${email}.`)).toBeVisible();

  const card = agents.card(name);
  await expect(card.getByText('E-mail not verified')).toBeVisible();
  await expect(card.locator('dd', { hasText: 'Junior agent' })).toBeVisible();
  const [invite] = await outbox(page, email);
  expect(invite?.kind).toBe('invite');
  // The link points to the host the admin is using.
  expect(invite?.textBody).toMatch(new RegExp(`http://localhost:${PORT}/reset-password\\?token=[\\w-]{20,}`));

  const edit = await agents.openEditForm(card, name);
  const renamed = `${name} Haddad`;
  await agents.fill(edit, { name: renamed, role: 'Senior agent', jobTitle: 'Team Lead' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const renamedCard = agents.card(renamed);
  await expect(renamedCard.getByRole('status')).toHaveText(`Changes to ${renamed} were saved.`);
  await expect(renamedCard.locator('dd', { hasText: 'Senior agent' })).toBeVisible();
  await expect(renamedCard.locator('dd', { hasText: 'Team Lead' })).toBeVisible();

  await agents.confirm(renamedCard, 'Delete');
  await expect(renamedCard.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(renamedCard.getByRole('status')).toHaveText(`${renamed} was deleted.`);

  await agents.confirm(renamedCard, 'Restore');
  await expect(renamedCard.getByRole('status')).toHaveText(`${renamed} was restored.`);
  // It never verified its e-mail, so that is the status it comes back to.
  await expect(renamedCard.getByText('E-mail not verified')).toBeVisible();

  // Who changed what and when.
  const history = page.getByRole('region', { name: 'Recent changes' });
  await expect(history.getByText(`Rashid Al Mansoori changed ${renamed}`)).toBeVisible();
  await expect(history.getByText('Role: Junior agent → Senior agent')).toBeVisible();
  await expect(history.getByText(`Rashid Al Mansoori restored ${renamed}`)).toBeVisible();
});

test('a name with digits and an invalid e-mail get field errors and create nothing', async ({ page }) => {
  test.slow();
  const agents = new AgentsPage(page);
  const email = 'not-an-email';
  await signIn(page, ADMIN);
  const count = await page.getByTestId('agent-count').textContent();

  const form = await agents.openNewAgentForm();
  await agents.fill(form, { name: 'Agent 007', email });
  await form.getByRole('button', { name: 'Create and send invitation' }).click();

  await expect(form.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(form.getByText('Use letters and spaces only.')).toBeVisible();
  await expect(form.getByText('Enter a valid e-mail address, like name@agency.com.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name')).toBeFocused();
  // What was typed stays, to be corrected.
  await expect(form.getByLabel('Name')).toHaveValue('Agent 007');
  await expect(form.getByLabel('E-mail')).toHaveValue(email);

  await page.reload();
  await expect(page.getByTestId('agent-count')).toHaveText(count ?? '');
  await expect(agents.card(/Agent 007/)).toHaveCount(0);
  expect(await outbox(page, email)).toEqual([]);
});

test('a deleted agent cannot sign in and its session ends; restored, it signs in again', async ({ page, browser }) => {
  // Five sign-ins in four browsers.
  test.slow();
  const agents = new AgentsPage(page);
  // The junior is signed in elsewhere before the deletion.
  const juniorContext = await browser.newContext();
  const juniorPage = await juniorContext.newPage();
  await signIn(juniorPage, JUNIOR, '/my-bookings');

  await signIn(page, ADMIN);
  const card = agents.card(JUNIOR_NAME);
  const deleteRequest = page.waitForRequest((request) => request.method() === 'POST' && Boolean(request.headers()['next-action']));
  await agents.confirm(card, 'Delete');
  await expect(card.getByText('Deleted', { exact: true })).toBeVisible();
  const recordedDelete = await deleteRequest;

  await juniorPage.goto('/my-bookings');
  await expect(juniorPage).toHaveURL(/\/sign-in\?error=SessionRequired/);
  await juniorContext.close();
  await expectSignIn(browser, JUNIOR, 'refused');

  await agents.confirm(card, 'Restore');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expectSignIn(browser, JUNIOR, 'allowed');

  // A senior replaying the admin's delete call is refused, and the junior stays active.
  const seniorContext = await browser.newContext();
  const seniorPage = await seniorContext.newPage();
  await signIn(seniorPage, SENIOR, '/my-account');
  const replay = await replayAction(seniorPage, recordedDelete);
  expect(replay).toContain('Your role does not allow this.');
  await seniorContext.close();
  await page.reload();
  await expect(agents.card(JUNIOR_NAME).getByText('Active', { exact: true })).toBeVisible();
  await expectSignIn(browser, JUNIOR, 'allowed');
});

test('a senior agent gets the no-access page at /agents', async ({ page }) => {
  await signIn(page, SENIOR, '/my-account');
  const response = await page.goto('/agents');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

test('the page is in Russian under /ru and fits a 430 px phone', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 430, height: 900 });
  await signIn(page, ADMIN, '/ru/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Агенты' })).toBeVisible();
  await expect(page.locator('summary', { hasText: 'Новый агент' })).toBeVisible();
  await expect(page.getByRole('article', { name: /Rashid Al Mansoori/ }).getByText('Активен')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Роли пользователей' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Администратор' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await page.locator('summary', { hasText: 'Новый агент' }).click();
  const form = page.getByRole('group', { name: 'Новый агент' });
  await form.getByLabel('Имя').fill('Агент 47');
  await form.getByRole('button', { name: 'Создать и отправить приглашение' }).click();
  await expect(form.getByText('Используйте только буквы и пробелы.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

/** Signs in from a fresh browser (no session) and checks the outcome. */
async function expectSignIn(browser: Browser, email: string, outcome: 'allowed' | 'refused') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signInPage = new SignInPage(page);
  await signInPage.open('?callbackUrl=%2Fmy-bookings');
  await signInPage.signIn(email);
  if (outcome === 'refused') {
    await expect(page.locator('#sign-in-error')).toHaveText('Username or Password is incorrect');
  } else {
    await expect(page).toHaveURL('/my-bookings', { timeout: 30_000 });
  }
  await context.close();
}

/** Sends a recorded server-action call again, with the session of `page`'s agent; returns the response text. */
async function replayAction(page: Page, recorded: Request): Promise<string> {
  const headers = recorded.headers();
  const response = await page.request.post(recorded.url(), {
    headers: {
      'next-action': headers['next-action'] ?? '',
      'content-type': headers['content-type'] ?? '',
      accept: 'text/x-component',
      origin: new URL(recorded.url()).origin,
    },
    data: recorded.postDataBuffer() ?? Buffer.alloc(0),
  });
  return response.text();
}
