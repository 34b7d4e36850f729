import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { DEMO_PASSWORD, openWithSavedSession, PORT } from './portal';

// Staff sign-in for the operator console's specs. The demo staff share the seed's
// TOTP secret (server/db/seed/staff.ts), and the server accepts a member's code only for a step
// later than the last one used (one step of drift either way). Specs run in parallel workers, so
// each sign-in first claims its step in a file every worker shares: never one already claimed,
// this step or the next when free, otherwise it waits for a free one. A refused code counts
// against the client address like a wrong password, and every spec signs in from 127.0.0.1.

export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export const OPS_ADMIN = 'ops-admin@traveldesk.test';
export const OPERATOR = 'operator@traveldesk.test';

const STEP_SECONDS = 30;
const CLAIMS_DIR = join(tmpdir(), 'traveldesk-e2e-totp-steps');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** Runs `claim` holding `email`'s lock (a directory: creating one is atomic across processes). */
async function withClaimLock<T>(email: string, claim: (claimsFile: string) => T): Promise<T> {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  const lock = join(CLAIMS_DIR, `${email}.lock`);
  for (let waited = 0; ; waited += 25) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A worker killed while holding the lock leaves it behind: it is never held for long.
      if (waited > 5_000) rmSync(lock, { recursive: true, force: true });
      await sleep(25);
    }
  }
  try {
    return claim(join(CLAIMS_DIR, `${email}.last-step`));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A TOTP step for `email` no other sign-in of this suite has used or will use. */
async function claimStep(email: string): Promise<number> {
  for (;;) {
    const now = currentStep();
    const step = await withClaimLock(email, (claimsFile) => {
      const last = existsSync(claimsFile) ? Number(readFileSync(claimsFile, 'utf8')) : 0;
      const next = Math.max(now, last + 1);
      if (next > now + 1) return undefined;
      writeFileSync(claimsFile, String(next));
      return next;
    });
    if (step !== undefined) return step;
    const wait = ((now + 1) * STEP_SECONDS + 1) * 1000 - Date.now();
    // Waiting for the clock is not the portal being slow: the test's time grows by the wait.
    test.info().setTimeout(test.info().timeout + wait);
    await sleep(wait);
  }
}

/** Every console section's page (and the catalogue's lists and new-tour form), unprefixed (English). */
export const CONSOLE_SECTIONS = [
  '/ops',
  '/ops/agencies',
  '/ops/requests',
  '/ops/money',
  '/ops/money/invoices',
  '/ops/catalog',
  '/ops/catalog/places',
  '/ops/catalog/hotels',
  '/ops/catalog/promos',
  '/ops/catalog/tours/new',
  '/ops/settings',
  '/ops/outbox',
  '/ops/audit',
  '/ops/staff',
  '/ops/suppliers',
  '/ops/telemetry',
];

/**
 * Signs `page` in to the console as a demo staff member and lands on `/ops` (or `path`). A staff
 * sign-in costs an authenticator step of that member (see claimStep): each worker signs a member
 * in once and reuses that session (see openWithSavedSession); a test that ends it makes the next
 * one sign in again.
 */
export async function signInAsStaff(page: Page, email: string = OPERATOR, options: { path?: string } = {}): Promise<void> {
  await openWithSavedSession(
    page,
    `staff ${email}`,
    options.path ?? '/ops',
    async () => {
      await page.goto(`/ops/sign-in${options.path ? `?callbackUrl=${encodeURIComponent(options.path)}` : ''}`);
      const step = await claimStep(email);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByLabel('Authenticator code').fill(await generate({ secret: DEMO_TOTP_SECRET, epoch: step * STEP_SECONDS }));
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    (url) => url.pathname.endsWith('/ops/sign-in'),
  );
}

/** Asserts the console refuses the current visitor (an agent or nobody) at `path`. */
export async function expectConsoleRefused(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/ops\/sign-in/);
}

/** A mail as the console's outbox shows it: newest first. `text` is the mail's plain text. */
export type ConsoleMail = { kind: string; subject: string; text: string };

// One signed-in context per browser (worker), reused by every read: a staff sign-in costs a TOTP
// step, and the outbox is read many times per spec. The operator admin reads, so the specs'
// operator sign-ins do not queue behind these for steps.
const consoleContexts = new WeakMap<Browser, Promise<BrowserContext>>();
let ownBrowser: Promise<Browser> | undefined;

async function consoleContext(browser?: Browser): Promise<BrowserContext> {
  const target = browser ?? (await (ownBrowser ??= chromium.launch()));
  let context = consoleContexts.get(target);
  if (!context) {
    context = (async () => {
      const created = await target.newContext({ baseURL: `http://localhost:${PORT}` });
      const page = await created.newPage();
      await signInAsStaff(page, OPS_ADMIN);
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
 * The mails to `to` (exact address), newest first, read from the console's outbox by the operator
 * admin signed in in a context of its own (the suite reads mail the way support would).
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
