import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { OPERATOR, OPS_ADMIN, signInAsStaff } from './support/ops';

// Staff management: the operator admin invites an operator and is shown (and the operator is
// mailed) a one-time enrolment link, never a secret; the operator chooses a password and enrols
// their own authenticator there, then signs in with a code from it, and with a recovery code
// once; an operator cannot open staff management; disabling the new operator ends its session.

test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'Console-Shift-2026';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function signInWith(page: Page, email: string, code: string): Promise<void> {
  await page.goto('/ops/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the operator admin invites an operator who enrols their own authenticator by the link and signs in with it and a recovery code; disabling ends its session', async ({ browser }) => {
  const email = `shift.${Date.now()}@traveldesk.test`;
  const admin = await newPage(browser);
  await signInAsStaff(admin, OPS_ADMIN, { path: '/ops/staff' });
  await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  const create = admin.getByRole('region', { name: 'Add a staff member' });
  await create.getByLabel('Name').fill('Samir Shift');
  await create.getByLabel('E-mail').fill('not-an-email');
  await create.getByRole('button', { name: 'Add staff member' }).click();
  await expect(create.getByText('Enter a valid e-mail address.')).toBeVisible();

  await create.getByLabel('E-mail').fill(email);
  await create.getByLabel('Role').selectOption('operator');
  await create.getByRole('button', { name: 'Add staff member' }).click();
  const secrets = create.getByTestId('staff-secrets');
  await expect(secrets).toBeVisible();
  const link = (await secrets.getByTestId('enrolment-link').innerText()).trim();
  expect(link).toMatch(/\/ops\/enrol\/[\w-]{43}$/);
  await expect(secrets.getByTestId('totp-secret')).toHaveCount(0);
  await expect(admin.getByTestId('staff-row').filter({ hasText: email })).toBeVisible();

  // The new operator opens the link, reads their own secret once and confirms a code from it.
  const member = await newPage(browser);
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: 'Set up your console sign-in' })).toBeVisible();
  await expect(member.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await member.getByTestId('totp-secret').innerText()).trim();
  await member.getByLabel('New password').fill(PASSWORD);
  await member.getByLabel('Code from the authenticator').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await member.getByRole('button', { name: 'Finish set-up' }).click();
  const done = member.getByTestId('enrolment-done');
  await expect(done).toContainText('You are set up');
  const codes = await done.getByTestId('recovery-code').allInnerTexts();
  expect(codes).toHaveLength(10);

  // It signs in with the next code (the one confirmed is used up).
  await signInWith(member, email, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await expect(member).toHaveURL(/\/ops$/);
  await expect(member.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // A recovery code works once.
  const recovery = await newPage(browser);
  await signInWith(recovery, email, codes[0]!);
  await expect(recovery).toHaveURL(/\/ops$/);
  const replay = await newPage(browser);
  await signInWith(replay, email, codes[0]!);
  await expect(replay.locator('form [role=alert]')).toContainText('The e-mail, password or code is not right.');

  // Disabled, its sessions end: the next page asks for a sign-in.
  await admin.reload();
  const row = admin.getByTestId('staff-row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByText('Disabled; their sessions were ended.')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await member.reload();
  await expect(member).toHaveURL(/\/ops\/sign-in/);
  await recovery.goto('/ops/outbox');
  await expect(recovery).toHaveURL(/\/ops\/sign-in/);
});

test('an operator cannot open staff management (403)', async ({ page }) => {
  await signInAsStaff(page, OPERATOR);
  const response = await page.goto('/ops/staff');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add a staff member' })).toHaveCount(0);
});
