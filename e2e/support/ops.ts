import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from './portal';

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
