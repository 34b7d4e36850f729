import { writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { SignInPage } from './support/portal';

// Company settings at /my-agencies and their change history. Edits are made as
// admin@gulfhorizons.test only (other specs rely on Desert Rose's company data), and never to the
// name, TRN or address, which invoices print.

// Each test signs in and saves multipart forms on a machine shared with other workers.
test.describe.configure({ timeout: 60_000 });

const ADMIN = 'admin@gulfhorizons.test';
const INVALID = 'Check that the fields are filled in correctly';
const TOO_LARGE = 'File is too large. Maximum size is 5MB.';
const UNSUPPORTED = 'Unsupported file format. Only PDF, JPG, PNG formats are supported.';

const pdf = (name: string, size = 512) => {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.write('%PDF-1.4\n');
  return { name, mimeType: 'application/pdf', buffer };
};
// "MZ": the start of every Windows executable, here under a PDF's name and type.
const renamedExe = () => ({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]) });

/** The company settings page, as an admin uses it. */
class CompanySettingsPage {
  constructor(readonly page: Page) {}

  section(name: string): Locator {
    return this.page.getByRole('group', { name });
  }

  field(section: string, label: string): Locator {
    return this.section(section).getByLabel(label, { exact: true });
  }

  /** A field's own error, below it (by the field's name). */
  errorOf(name: string): Locator {
    return this.page.locator(`#${name}-error`);
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }

  history(): Locator {
    return this.page.locator('#history');
  }
}

async function openAsAdmin(page: Page, path = '/my-agencies') {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signIn.signIn(ADMIN);
  // The first sign-in of a run may meet a cold server.
  await expect(page).toHaveURL((url) => url.pathname === path, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return new CompanySettingsPage(page);
}

test('an admin edits the company settings, uploads a document, and sees the change in the history', async ({ page }) => {
  const settings = await openAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Company settings', level: 1 })).toBeVisible();
  await expect(settings.field('Basic info', 'Company name')).toHaveValue('Gulf Horizons Tours');

  await settings.field('Basic info', 'Trade licence expiry date').fill('2027-08-31');
  await settings.field('Bank details', 'Bank name').fill('First Abu Dhabi Bank');
  await settings.field('Bank details', 'IBAN').fill('ae07 0331 2345 6789 0123 456');
  await settings.field('Bank details', 'SWIFT / BIC').fill('nbadaeaa');
  await settings.field('Contracting', 'Signatory name').fill('Rashid Al Mansoori');
  await settings.field('Contracting', 'Contract valid from').fill('2026-01-01');
  await settings.field('Contracting', 'Contract valid to').fill('2027-12-31');
  await settings.field('Operations contacts', 'Primary e-mail').fill('ops@gulfhorizons.test');
  await settings.field('Support department', 'Mobile').fill('+971 55 234 5699');
  await settings.field('Contracting', 'Contract copy').setInputFiles(pdf('signed contract.pdf'));
  await settings.save();

  await expect(page.getByRole('status').filter({ hasText: 'Company settings saved.' })).toBeVisible();
  // Saved as normalised: compact, capitals.
  await expect(settings.field('Bank details', 'IBAN')).toHaveValue('AE070331234567890123456');

  await page.reload();
  await expect(settings.field('Bank details', 'IBAN')).toHaveValue('AE070331234567890123456');
  await expect(settings.field('Bank details', 'SWIFT / BIC')).toHaveValue('NBADAEAA');
  await expect(settings.field('Contracting', 'Contract valid to')).toHaveValue('2027-12-31');
  await expect(settings.field('Support department', 'Mobile')).toHaveValue('+971 55 234 5699');
  const contract = settings.section('Contracting');
  await expect(contract.getByText('Current file: signed contract.pdf')).toBeVisible();
  const href = await contract.getByRole('link', { name: 'Download' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const latest = settings.history().getByRole('listitem').filter({ hasText: 'Changed the company settings' }).first();
  await expect(latest).toContainText('Rashid Al Mansoori');
  await expect(latest).toContainText('IBAN:');
  await expect(latest).toContainText('AE070331234567890123456');
  await expect(latest).toContainText('Contract copy:');
  await expect(latest).toContainText('signed contract.pdf');
});

test('bad input is refused at its fields, keeps what was typed, and changes nothing', async ({ page }) => {
  const settings = await openAsAdmin(page);
  const iban = settings.field('Bank details', 'IBAN');
  const email = settings.field('Accounts department', 'E-mail');
  const notes = settings.field('Bank details', 'Notes');
  const savedIban = await iban.inputValue();
  const savedNotes = await notes.inputValue();

  await iban.fill('AE08 0331 2345 6789 0123 456');
  await email.fill('accounts-at-gulfhorizons');
  await notes.fill('Typed before a refused save');
  await settings.save();

  await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
  await expect(settings.errorOf('bankIban')).toHaveText('This IBAN is not valid: check the country code, the check digits and the account number.');
  await expect(settings.errorOf('accountsEmail')).toHaveText('Enter an e-mail address, e.g. name@agency.ae.');
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first field in error; nothing typed is lost.
  await expect(iban).toBeFocused();
  await expect(email).toHaveValue('accounts-at-gulfhorizons');
  await expect(notes).toHaveValue('Typed before a refused save');

  await page.reload();
  await expect(iban).toHaveValue(savedIban);
  await expect(notes).toHaveValue(savedNotes);
  await expect(email).not.toHaveValue('accounts-at-gulfhorizons');
});

test('a trade licence expiry date already past is warned about and refused at its field', async ({ page }) => {
  const settings = await openAsAdmin(page);
  const expiry = settings.field('Basic info', 'Trade licence expiry date');
  const savedExpiry = await expiry.inputValue();
  await expiry.fill('2024-01-31');
  await expect(page.getByText('This trade licence has expired: upload the renewed licence and enter its new expiry date.')).toBeVisible();
  await settings.save();
  await expect(settings.errorOf('tradeLicenceExpiry')).toHaveText(
    'This date has passed. Enter the expiry date of the renewed licence, today or later, and upload the licence.',
  );
  await expect(expiry).toHaveValue('2024-01-31');
  await page.reload();
  await expect(expiry).toHaveValue(savedExpiry);
});

test('a renamed executable is refused at its field and nothing is stored', async ({ page }) => {
  const settings = await openAsAdmin(page);
  const currentLicence = page.locator('#tradeLicence-current');
  const before = await currentLicence.allTextContents();
  const signatory = settings.field('Contracting', 'Signatory name');
  const savedSignatory = await signatory.inputValue();

  await signatory.fill('Someone Else');
  await settings.field('Basic info', 'Trade licence').setInputFiles(renamedExe());
  await settings.field('Basic info', 'VAT certificate').setInputFiles(pdf('vat.pdf'));
  await settings.save();

  await expect(settings.errorOf('tradeLicence')).toHaveText(UNSUPPORTED);
  const alert = page.getByRole('alert').filter({ hasText: INVALID });
  await expect(alert).toContainText('The files you chose were not saved: choose them again before saving.');
  await expect(signatory).toHaveValue('Someone Else');

  await page.reload();
  await expect(signatory).toHaveValue(savedSignatory);
  await expect(settings.section('Basic info').getByText('Current file: vat.pdf')).toHaveCount(0);
  expect(await currentLicence.allTextContents()).toEqual(before);
});

/** A 6 MB PDF on disk: the browser reads it there, which is far quicker than sending the bytes over. */
async function sixMegabytePdf(testInfo: TestInfo): Promise<string> {
  const file = testInfo.outputPath('big.pdf');
  await writeFile(file, pdf('big.pdf', 6 * 1024 * 1024).buffer);
  return file;
}

test('a 6 MB file is refused at its field before it is sent', async ({ page }, testInfo) => {
  const settings = await openAsAdmin(page);
  const licence = settings.field('Basic info', 'Trade licence');
  await licence.setInputFiles(await sixMegabytePdf(testInfo));
  await expect(settings.errorOf('tradeLicence')).toHaveText(TOO_LARGE);
  await expect(licence).toHaveJSProperty('value', '');
});

test('before hydration the form is a plain post, and the server refuses a 6 MB file at its field', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await openAsAdmin(page);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/my-agencies');
  const settings = new CompanySettingsPage(plain);
  const expiry = settings.field('Basic info', 'Trade licence expiry date');
  const savedExpiry = await expiry.inputValue();
  await expiry.fill('2031-01-31');
  await settings.field('Basic info', 'Trade licence').setInputFiles(await sixMegabytePdf(testInfo));
  await settings.save();
  await expect(settings.errorOf('tradeLicence')).toHaveText(TOO_LARGE);
  await expect(plain.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
  await expect(expiry).toHaveValue('2031-01-31');
  await plain.goto('/my-agencies');
  await expect(expiry).toHaveValue(savedExpiry);
  await noScript.close();
});

test('a senior agent gets the 403 page, and the API refuses the senior too', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent('/my-agencies')}`);
  await signIn.signIn('senior@gulfhorizons.test');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  expect((await page.goto('/my-agencies'))?.status()).toBe(403);
  expect((await page.request.get('/api/v1/b2b/agency')).status()).toBe(403);
  expect((await page.request.put('/api/v1/b2b/agency', { multipart: { bankNotes: 'Taken over' } })).status()).toBe(403);
});

test('the page reads in Russian and fits a phone without sideways scrolling', async ({ page }) => {
  await openAsAdmin(page, '/ru/my-agencies');
  await expect(page.getByRole('heading', { name: 'Настройки компании', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Банковские реквизиты' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'История изменений' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toBeVisible();

  for (const width of [430, 768, 960]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
});

test('PUT /api/v1/b2b/agency takes a form body and answers bad input with 422 field errors', async ({ page }) => {
  await openAsAdmin(page);
  const refused = await page.request.put('/api/v1/b2b/agency', { multipart: { bankSwift: 'EBIL', contractCopy: renamedExe() } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual([{ fieldName: 'bankSwift', errorMessage: 'A SWIFT / BIC code is 8 or 11 letters and digits, e.g. EBILAEAD.' }]);

  const saved = await page.request.put('/api/v1/b2b/agency', { multipart: { bankNotes: 'Payments by transfer only', signatoryId: pdf('passport.pdf') } });
  expect(saved.status()).toBe(200);
  const body = await saved.json();
  // Fields left out keep their values.
  expect(body).toMatchObject({ name: 'Gulf Horizons Tours', bankNotes: 'Payments by transfer only', files: { signatoryId: { name: 'passport.pdf' } } });
  expect(await (await page.request.get('/api/v1/b2b/agency')).json()).toEqual(body);
});
