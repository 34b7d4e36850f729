import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { signInAsStaff, OPERATOR } from './support/ops';
import { AccountMenu, SignInPage } from './support/portal';
import { readOutboxFromConsole } from './support/ops';

// The account, part A: sign-up with documents, the verification link from the outbox,
// approval, sign-in; forgot → reset → sign in; change password; and bad input that changes nothing.

const PASSWORD = 'Falcon-Trips-2026';
const NEW_PASSWORD = 'Desert-Sunrise-2027';
const TOUR = 'burj-khalifa-at-the-top';
/** The checkout's submit button: a booking, or a request once the day's cut-off has passed. */
const BOOK = /^(Book now|Send the request)$/;

type Upload = { name: string; mimeType: string; buffer: Buffer };
const PDF: Upload = { name: 'trade-licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%licence\n') };
const PNG: Upload = { name: 'vat.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) };
/** "MZ": a Windows executable, named like a PDF. */
const EXE: Upload = { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) };
const SIX_MB: Upload = { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF.buffer, Buffer.alloc(6 * 1024 * 1024)]) };

// Sign-ups walk several pages and hash passwords on a cold server: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** A trade licence in force for years to come (sign-up refuses an expired one). */
const LICENCE_IN_FORCE = `${new Date().getUTCFullYear() + 2}-06-30`;

const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e-agency.test`;

type OutboxMail = { kind: string; subject: string; textBody: string };

/**
 * The mails to `email`, newest first, as an operator reads them in the console's outbox (an own
 * browser and staff context; `request` only says whose server this is, the configured one).
 */
async function outbox(_request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  return (await readOutboxFromConsole(undefined, email)).map((mail) => ({ kind: mail.kind, subject: mail.subject, textBody: mail.text }));
}

/** The path of the link in the newest mail to `email` (it is absolute, on this server). */
async function mailedLink(request: APIRequestContext, email: string, kind: string): Promise<string> {
  const [mail] = await outbox(request, email);
  expect(mail?.kind).toBe(kind);
  const link = mail?.textBody.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link, 'a link in the mail').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The sign-up page, as a visitor uses it. */
class SignUpPage {
  constructor(private readonly page: Page) {}

  async open(prefix = '') {
    await this.page.goto(`${prefix}/sign-up`);
  }

  async fill(fields: { name: string; email: string; phone?: string; company?: string }) {
    await this.page.getByLabel('Your name').fill(fields.name);
    await this.page.getByLabel('Work e-mail').fill(fields.email);
    await this.page.getByLabel('Contact number').fill(fields.phone ?? '+971 50 111 2233');
    await this.page.getByLabel('Company name').fill(fields.company ?? 'Falcon Trips L.L.C.');
    await this.licenceExpiry().fill(LICENCE_IN_FORCE);
  }

  async attach(licence: Upload, vat?: Upload) {
    await this.page.getByLabel('Trade licence', { exact: true }).setInputFiles(licence);
    if (vat) await this.page.getByLabel('VAT certificate (optional)').setInputFiles(vat);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Register' }).click();
  }

  licenceExpiry() {
    return this.page.getByLabel('Trade licence expiry date');
  }

  fieldError(field: 'name' | 'email' | 'contactPhone' | 'companyName' | 'tradeLicenceExpiry' | 'tradeLicence' | 'vatCertificate') {
    return this.page.locator(`#${field}-error`);
  }
}

/** The answer that replaces the sign-up or forgot-password form. */
function sentPanel(page: Page) {
  return page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your e-mail' }) });
}

/** Sets a password on the page a mailed link opens. */
async function choosePassword(page: Page, password: string, repeat = password) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(repeat);
  await page.getByRole('button', { name: 'Save the password' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await new SignInPage(page).signIn(email, password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
}

/** An agency registered and verified through the public REST calls, for the tests that start after that. */
async function registeredAgent(request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const signUp = await request.post('/api/v1/b2b/account/signup', {
    multipart: { name: 'Karim Nasser', email, contactNumber: '+971 55 222 3344', companyName: 'Oasis Journeys', tradeLicenceExpiry: LICENCE_IN_FORCE, tradeLicence: PDF },
  });
  expect(signUp.status()).toBe(204);
  const token = new URL(await mailedLink(request, email, 'verifyEmail'), 'http://x').searchParams.get('token');
  const verified = await request.post('/api/v1/b2b/account/resetpassword', { data: { token, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(await verified.json()).toEqual({ purpose: 'verifyEmail', agencyPending: true });
  return email;
}

test('an agency signs up with its documents, verifies its e-mail, is approved and can book', async ({ page, request, browser }) => {
  const email = uniqueEmail('signup');
  const signUp = new SignUpPage(page);
  await signUp.open();
  await signUp.fill({ name: 'Maya Rahman', email });
  await signUp.attach(PDF, PNG);
  await signUp.submit();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(sentPanel(page)).toContainText(email);

  await page.goto(await mailedLink(request, email, 'verifyEmail'));
  await expect(page.getByRole('heading', { name: 'Verify your e-mail and choose a password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await choosePassword(page, PASSWORD);
  await expect(page).toHaveURL('/sign-in?notice=approvalPending');
  await expect(page.getByText('Your password is set. Sign in.')).toBeVisible();
  await expect(page.getByText('Bookings open once we approve your agency.')).toBeVisible();

  // Verified but not approved: the admin signs in and sees no NET rate; every portal page says
  // the approval is pending, and the checkout says why it cannot book.
  await signIn(page, email, PASSWORD);
  await page.goto(`/tour/${TOUR}`);
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await expect(page.getByTestId('agent-rate')).toHaveCount(0);
  const picker = new BookingPicker(page.getByTestId('offer').first());
  await picker.open();
  await picker.pickFirstOpenDay();
  await picker.pickFirstOpenTime();
  await picker.continueLink().click();
  await expect(page).toHaveURL(/\/checkout\?offer=/);
  await expect(page.getByTestId('agency-not-approved')).toContainText('Your agency is not approved yet');
  await expect(page.getByTestId('agency-standing')).toContainText('Your agency is awaiting approval');
  await expect(page.getByTestId('agency-standing')).toContainText('NET rates, booking and widgets open once your agency is approved');
  await expect(page.getByRole('button', { name: BOOK })).toHaveCount(0);

  // The operator approves it in the console, in a browser of their own.
  const operator = await browser.newPage();
  await signInAsStaff(operator, OPERATOR, { path: `/ops/agencies?q=${encodeURIComponent(email)}` });
  await operator.getByRole('link', { name: 'Falcon Trips L.L.C.' }).first().click();
  await operator.getByLabel('Credit limit (AED)').fill('1000');
  await operator.getByRole('button', { name: 'Approve agency' }).click();
  await expect(operator.getByRole('button', { name: 'Suspend agency' })).toBeVisible();
  await operator.close();
  await page.reload();
  await expect(page.getByTestId('agency-not-approved')).toHaveCount(0);
  await expect(page.getByTestId('agency-standing')).toHaveCount(0);
  await expect(page.getByLabel('Guest name')).toBeVisible();
  await expect(page.getByRole('button', { name: BOOK })).toBeVisible();
});

test('forgot password: the mailed link sets a new password once, and the answer reveals no account', async ({ page, request }) => {
  const email = await registeredAgent(request, 'forgot');
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const answer = (await sentPanel(page).innerText()).replace(email, '<email>');

  const link = await mailedLink(request, email, 'resetPassword');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await choosePassword(page, NEW_PASSWORD, 'Desert-Sunrise-2028');
  await expect(page.locator('#confirmPassword-error')).toHaveText('The passwords do not match.');
  await choosePassword(page, NEW_PASSWORD);
  await expect(page).toHaveURL('/sign-in?notice=approvalPending');
  await signIn(page, email, NEW_PASSWORD);

  // The same link again: refused before any form, with the way to a new one.
  await page.goto(link);
  await expect(page.getByText('This link is invalid or has expired. Request a new one.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');

  // An address without an account gets the very same answer, and no mail.
  const unknown = uniqueEmail('nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(unknown);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  expect((await sentPanel(page).innerText()).replace(unknown, '<email>')).toBe(answer);
  expect(await outbox(request, unknown)).toEqual([]);
});

test('an agent changes the password on My Account', async ({ page, request }) => {
  const email = await registeredAgent(request, 'change');
  await page.goto('/sign-in?callbackUrl=%2Fmy-account');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/my-account');
  await expect(page.getByText('Your agency is waiting for approval.')).toBeVisible();
  const form = page.getByRole('region', { name: 'Change password' });

  await form.getByLabel('Current password').fill('not-my-password-1');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#currentPassword-error')).toHaveText('The current password is incorrect.');

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('short1');
  await form.getByLabel('Repeat the new password').fill('short1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#newPassword-error')).toHaveText('Use at least 10 characters, with at least one letter and one digit.');

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your password is changed.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  await new AccountMenu(page).logout();
  await page.goto('/sign-in');
  await new SignInPage(page).signIn(email, PASSWORD);
  await expect(page.locator('#sign-in-error')).toHaveText('Username or Password is incorrect');
  await signIn(page, email, NEW_PASSWORD);
});

test('bad sign-up input gets its message at the field, and nothing is created or mailed', async ({ page, request }) => {
  const email = uniqueEmail('bad');
  const signUp = new SignUpPage(page);
  await signUp.open();

  // A 6 MB file is refused in the browser, before it is sent.
  await signUp.fill({ name: 'Maya Rahman', email });
  await signUp.attach(SIX_MB);
  await expect(signUp.fieldError('tradeLicence')).toHaveText('File is too large. Maximum size is 5MB.');
  await signUp.submit();
  await expect(signUp.fieldError('tradeLicence')).toHaveText('File is too large. Maximum size is 5MB.');

  // An executable renamed .pdf is recognised by its content.
  await signUp.attach(EXE);
  await signUp.submit();
  await expect(signUp.fieldError('tradeLicence')).toHaveText('Unsupported file format. Only PDF, JPG, PNG formats are supported.');
  await expect(page.locator('#sign-up-error')).toHaveText('Check the highlighted fields.');
  await expect(page.getByLabel('Your name')).toHaveValue('Maya Rahman');

  await signUp.attach(PDF);
  await page.getByLabel('Your name').fill('Maya 2');
  await signUp.submit();
  await expect(signUp.fieldError('name')).toHaveText('Use letters and spaces only.');

  await page.getByLabel('Your name').fill('Maya Rahman');
  await page.getByLabel('Work e-mail').fill('maya@');
  await signUp.submit();
  await expect(signUp.fieldError('email')).toHaveText('Enter a valid e-mail address, e.g. name@agency.com.');
  await expect(signUp.fieldError('name')).toHaveCount(0);
  expect(await outbox(request, email)).toEqual([]);

  // A licence past its expiry date is refused at its field; the file stays chosen.
  await page.getByLabel('Work e-mail').fill(email);
  await signUp.licenceExpiry().fill('2024-01-31');
  await signUp.submit();
  await expect(signUp.fieldError('tradeLicenceExpiry')).toHaveText('This trade licence has expired. Register with a valid licence and its expiry date.');
  expect(await outbox(request, email)).toEqual([]);

  // Fixed, the same address registers as a new agency: the refusals created nothing.
  await signUp.licenceExpiry().fill(LICENCE_IN_FORCE);
  await signUp.submit();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  expect((await outbox(request, email)).map((mail) => mail.kind)).toEqual(['verifyEmail']);
});

test.describe('before the page is hydrated', () => {
  test.use({ javaScriptEnabled: false });

  test('the server refuses a 6 MB file with the same message, and keeps what was typed', async ({ page, request }) => {
    const email = uniqueEmail('nojs');
    const signUp = new SignUpPage(page);
    await signUp.open();
    await signUp.fill({ name: 'Maya Rahman', email });
    await signUp.attach(SIX_MB);
    await signUp.submit();
    await expect(signUp.fieldError('tradeLicence')).toHaveText('File is too large. Maximum size is 5MB.');
    await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
    expect(await outbox(request, email)).toEqual([]);
  });
});

test('the Russian sign-up page, its messages and its mail are in Russian, and fit a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 430, height: 900 });
  await page.goto('/ru/sign-up');
  await expect(page.getByRole('heading', { name: 'Регистрация агентства' })).toBeVisible();
  await expect(page.getByLabel('Ваше имя')).toBeVisible();
  await expect(page.getByLabel('Торговая лицензия')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(430);

  const email = uniqueEmail('ru');
  await page.getByLabel('Ваше имя').fill('Мария 2');
  await page.getByLabel('Рабочая эл. почта').fill(email);
  await page.getByLabel('Контактный телефон').fill('+7 912 345 67 89');
  await page.getByLabel('Название компании').fill('Сокол Тревел');
  await page.getByLabel('Дата окончания действия торговой лицензии').fill(LICENCE_IN_FORCE);
  await page.getByLabel('Торговая лицензия').setInputFiles(PDF);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.locator('#name-error')).toHaveText('Используйте только буквы и пробелы.');

  await page.getByLabel('Ваше имя').fill('Мария Иванова');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('heading', { name: 'Проверьте почту' })).toBeVisible();
  const [mail] = await outbox(request, email);
  expect(mail?.subject).toBe('Подтвердите почту для Traveldesk B2B');
  const link = await mailedLink(request, email, 'verifyEmail');
  expect(link).toMatch(/^\/ru\/reset-password\?token=/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Подтвердите почту и выберите пароль' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(430);
  await page.getByLabel('Новый пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите новый пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page).toHaveURL('/ru/sign-in?notice=approvalPending');
  await expect(page.getByText('Пароль сохранён. Войдите в портал.')).toBeVisible();
});

test('the public REST calls answer bad input with 422 field errors and reveal no account', async ({ request }) => {
  const email = uniqueEmail('rest');
  const fields = { name: 'Karim 2', email, contactNumber: '+971 55 222 3344', companyName: 'Oasis Journeys', tradeLicenceExpiry: LICENCE_IN_FORCE };
  const badName = await request.post('/api/v1/b2b/account/signup', { multipart: { ...fields, tradeLicence: PDF } });
  expect(badName.status()).toBe(422);
  expect(await badName.json()).toEqual([{ fieldName: 'name', errorMessage: 'Use letters and spaces only.' }]);

  const exe = await request.post('/api/v1/b2b/account/signup?language=ru', { multipart: { ...fields, name: 'Karim Nasser', tradeLicence: EXE } });
  expect(exe.status()).toBe(422);
  expect(await exe.json()).toEqual([{ fieldName: 'tradeLicence', errorMessage: 'Неподдерживаемый формат файла. Поддерживаются только форматы PDF, JPG, PNG.' }]);
  expect(await outbox(request, email)).toEqual([]);

  const forgotUnknown = await request.post('/api/v1/b2b/account/forgotpassword', { data: { email } });
  expect(forgotUnknown.status()).toBe(204);
  expect(await outbox(request, email)).toEqual([]);

  const deadLink = await request.post('/api/v1/b2b/account/resetpassword', { data: { token: 'no-such-token', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
  expect(deadLink.status()).toBe(422);
  expect(await deadLink.json()).toEqual([{ fieldName: 'token', errorMessage: 'This link is invalid or has expired. Request a new one.' }]);
});
