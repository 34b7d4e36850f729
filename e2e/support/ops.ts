import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, PORT } from './portal';

// Staff sign-in for the operator console's specs (issue 19). The demo staff share the seed's
// TOTP secret (server/db/seed/staff.ts). A code is accepted once per member, and specs run in
// parallel: when this step's code was just used, the next step's is still accepted (one step
// of drift either way), and after that the sign-in waits for a fresh step.

export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export const OPS_ADMIN = 'ops-admin@traveldesk.test';
export const OPERATOR = 'operator@traveldesk.test';

const STEP_SECONDS = 30;

function codeAt(epochSeconds: number): Promise<string> {
  return generate({ secret: DEMO_TOTP_SECRET, epoch: epochSeconds });
}

/** Signs `page` in to the console as a demo staff member and lands on `/ops` (or `callback`). */
export async function signInAsStaff(page: Page, email: string = OPERATOR, options: { path?: string } = {}): Promise<void> {
  await page.goto(`/ops/sign-in${options.path ? `?callbackUrl=${encodeURIComponent(options.path)}` : ''}`);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const now = Math.floor(Date.now() / 1000);
    // Attempts 0 and 1: this step and the next; then wait for a step nobody has used.
    if (attempt === 2) await page.waitForTimeout((STEP_SECONDS - (now % STEP_SECONDS) + 1) * 1000);
    const epoch = Math.floor(Date.now() / 1000) + (attempt === 1 || attempt === 3 ? STEP_SECONDS : 0);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Authenticator code').fill(await codeAt(epoch));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.endsWith('/ops/sign-in'), { timeout: 15_000 }).then(() => 'in' as const),
      page.locator('form [role=alert]').waitFor({ timeout: 15_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await page.goto(page.url());
  }
  throw new Error(`staff sign-in for ${email} kept failing`);
}

/** Asserts the console refuses the current visitor (an agent or nobody) at `path`. */
export async function expectConsoleRefused(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/ops\/sign-in/);
}

/** A mail as the console's outbox shows it: newest first. `text` is the mail's plain text. */
export type ConsoleMail = { kind: string; subject: string; text: string };

// One signed-in operator context per browser (worker), reused by every read: a staff sign-in
// costs a TOTP step, and the outbox is read many times per spec.
const consoleContexts = new WeakMap<Browser, Promise<BrowserContext>>();
let ownBrowser: Promise<Browser> | undefined;

async function consoleContext(browser?: Browser): Promise<BrowserContext> {
  const target = browser ?? (await (ownBrowser ??= chromium.launch()));
  let context = consoleContexts.get(target);
  if (!context) {
    context = (async () => {
      const created = await target.newContext({ baseURL: `http://localhost:${PORT}` });
      const page = await created.newPage();
      await signInAsStaff(page, OPERATOR);
      await page.close();
      return created;
    })();
    consoleContexts.set(target, context);
  }
  return context;
}

function browserOf(source?: Browser | Page): Browser | undefined {
  if (!source) return undefined;
  return 'newContext' in source ? source : (source.context().browser() ?? undefined);
}

/**
 * The mails to `to` (exact address), newest first, read from the console's outbox by an operator
 * signed in in a context of its own (issue 19: the suite reads mail the way support would).
 * `subjectMatch` keeps only matching subjects.
 */
export async function readOutboxFromConsole(source: Browser | Page | undefined, to: string, subjectMatch?: RegExp | string): Promise<ConsoleMail[]> {
  const context = await consoleContext(browserOf(source));
  const page = await context.newPage();
  try {
    await page.goto(`/ops/outbox?q=${encodeURIComponent(to)}`);
    const rows = page.getByTestId('outbox-row');
    const found: { id: string; kind: string; subject: string }[] = [];
    for (const row of await rows.all()) {
      if ((await row.getAttribute('data-recipient')) !== to.toLowerCase()) continue;
      const subject = (await row.getAttribute('data-subject')) ?? '';
      if (subjectMatch && !(typeof subjectMatch === 'string' ? subject.includes(subjectMatch) : subjectMatch.test(subject))) continue;
      found.push({ id: (await row.getAttribute('data-id')) ?? '', kind: (await row.getAttribute('data-kind')) ?? '', subject });
    }
    const mails: ConsoleMail[] = [];
    for (const mail of found) {
      await page.goto(`/ops/outbox/${mail.id}`);
      mails.push({ kind: mail.kind, subject: mail.subject, text: await page.getByTestId('mail-text').innerText() });
    }
    return mails;
  } finally {
    await page.close();
  }
}

/** The latest mail's text to `to` (optionally with a matching subject), read in the console. */
export async function readMailFromConsole(source: Browser | Page | undefined, to: string, subjectMatch?: RegExp | string): Promise<string> {
  const [mail] = await readOutboxFromConsole(source, to, subjectMatch);
  expect(mail, `a mail to ${to} in the console outbox`).toBeTruthy();
  return mail!.text;
}

/** The first web link in the latest mail to `to`, read in the console. */
export async function readMailLinkFromConsole(source: Browser | Page | undefined, to: string, subjectMatch?: RegExp | string): Promise<string> {
  const link = (await readMailFromConsole(source, to, subjectMatch)).match(/https?:\/\/\S+/)?.[0];
  expect(link, `a link in the mail to ${to}`).toBeTruthy();
  return link!;
}
