import { expect, type Page } from '@playwright/test';

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

export async function signInAs(page: Page, role: DemoRole, callbackPath = '/') {
  const signInPage = new SignInPage(page);
  await signInPage.open(`?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await signInPage.signIn(demoEmail(role));
  // The first sign-in of a run meets a cold server (argon2, first render of the page): give it time.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
}
