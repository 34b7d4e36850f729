import { type Browser, type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { OPS_ADMIN, signInAsStaff } from './support/ops';
import { demoEmail, SignInPage } from './support/portal';

// Session replay end to end (docs/telemetry.md "## Replay"): the demo records every session
// (REPLAY_SAMPLE_RATE defaults to 1 there). A visitor types a recognisable value into a form; what
// is stored holds asterisks, never the value, and the operator's player shows the masked field. A
// payment page sends nothing. The telemetry SDK's session cookie is set by the spec the way the
// SDK sets it (`<id>|<acquired ms>|<renewed ms>`), so the spec does not depend on its loading.

test.describe.configure({ timeout: 120_000 });

const isUpload = (response: Response) => response.url().includes('/api/telemetry/replay?') && response.request().method() === 'POST';
const isDecision = (response: Response) => response.url().includes('/api/telemetry/replay?') && response.request().method() === 'GET';

function newSessionId(): string {
  return `E2e${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.replace(/[^A-Za-z0-9]/g, '').padEnd(22, 'x').slice(0, 22);
}

async function recordedContext(browser: Browser, sessionId: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const now = Date.now();
  await context.addCookies([{ name: 'ai_session', value: `${sessionId}|${now}|${now}`, domain: 'localhost', path: '/' }]);
  return context;
}

/** The stored recording, read as the console's player reads it. */
async function storedRecording(operator: Page, sessionId: string): Promise<{ type: number; data?: { source?: number; text?: string; href?: string } }[]> {
  const response = await operator.request.get(`/api/ops/telemetry/replays/${encodeURIComponent(sessionId)}`);
  expect(response.status()).toBe(200);
  return response.json();
}

test('a recorded session’s typed value is masked in what is stored and in the operator’s player', async ({ browser }) => {
  const sessionId = newSessionId();
  const secret = `replay-secret-${Date.now()}@example.test`;
  const context = await recordedContext(browser, sessionId);
  const page = await context.newPage();
  const decision = page.waitForResponse(isDecision);
  const firstChunk = page.waitForResponse(isUpload, { timeout: 30_000 });
  await page.goto('/sign-in');
  expect(await (await decision).json()).toEqual({ record: true });
  expect((await firstChunk).status()).toBe(204);

  await page.getByLabel('E-mail').fill(secret);
  await page.getByLabel('E-mail').press('Tab');
  const typedChunk = await page.waitForResponse(isUpload, { timeout: 30_000 });
  expect(typedChunk.status()).toBe(204);
  await context.close();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsStaff(operator, OPS_ADMIN);
  const events = await storedRecording(operator, sessionId);
  expect(JSON.stringify(events)).not.toContain(secret);
  const typed = events.filter((event) => event.type === 3 && event.data?.source === 5).map((event) => event.data?.text ?? '');
  expect(typed.length).toBeGreaterThan(0);
  expect(typed.at(-1)).toMatch(/^\*+$/);
  expect(typed.at(-1)).toHaveLength(secret.length);

  // The list links to the session; the player shows the form with the field masked.
  await operator.goto('/ops/telemetry/replays');
  await operator.getByRole('link', { name: `Watch the replay of session ${sessionId}` }).click();
  await expect(operator.getByRole('heading', { name: 'Session replay', level: 1 })).toBeVisible();
  const stage = operator.getByTestId('replay-stage');
  await expect(stage).toHaveAttribute('data-state', 'ready');
  const position = operator.getByLabel('Position in the recording');
  // The slider's keys: End goes to the end of the recording, after the value was typed.
  await position.focus();
  await position.press('End');
  await expect(operator.getByTestId('replay-time')).toHaveText(/^(\d+:\d\d) \/ \1$/);
  const field = operator.frameLocator('[data-testid="replay-stage"] iframe').locator('input[type="email"], input[name="email"]').first();
  expect(await field.inputValue()).not.toContain('replay-secret');
  // Played through at 8× from the start, the field ends masked.
  await operator.getByLabel('Speed').selectOption('8');
  await operator.getByTestId('replay-play').click();
  await expect(operator.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  await expect(field).toHaveValue(/^\*+$/);
  await expect(operator.locator('body')).not.toContainText(secret);
  // The keyboard plays and pauses it.
  await operator.getByLabel('Speed').selectOption('1');
  await stage.focus();
  await operator.keyboard.press('Space');
  await expect(operator.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'true');
  await operator.keyboard.press('Space');
  await expect(operator.getByTestId('replay-play')).toHaveAttribute('aria-pressed', 'false');

  // Unknown sessions have their own state.
  await operator.goto('/ops/telemetry/replays/NoSuchSession00000000x');
  await expect(operator.getByTestId('replay-not-found')).toBeVisible();
  await operatorContext.close();
});

test('a payment page is not recorded, and the operator deletes the agency’s replays', async ({ browser }) => {
  const context = await recordedContext(browser, newSessionId());
  const page = await context.newPage();
  // Gulf Horizons: the agency whose replays this test deletes records no other spec's replay.
  const signInPage = new SignInPage(page);
  await signInPage.open();
  await signInPage.signIn(demoEmail('admin', 'gulfhorizons'));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  // The session is recorded on the portal's pages… (under the session id the upload names: the
  // telemetry SDK, loaded at the first keystroke of the sign-in, may have begun a session of its own)
  const bookingsChunk = page.waitForResponse((response) => isUpload(response) && response.url().includes('path=%2Fbookings'), { timeout: 30_000 });
  await page.goto('/bookings');
  const recorded = await bookingsChunk;
  expect(recorded.status()).toBe(204);
  const sessionId = new URL(recorded.url()).searchParams.get('sessionId')!;

  // …and sends nothing from the card top-up, however long the agent types there.
  await page.goto('/top-up');
  await expect(page.getByRole('region', { name: 'Pay by card' })).toBeVisible();
  await page.waitForLoadState('load');
  const sentFromPayment: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/telemetry/replay?')) sentFromPayment.push(request.url());
  });
  await page.getByRole('region', { name: 'Pay by card' }).getByLabel('Amount, AED').fill('4242');
  await page.waitForTimeout(15_000);
  expect(sentFromPayment).toEqual([]);
  await context.close();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsStaff(operator, OPS_ADMIN);
  const events = await storedRecording(operator, sessionId);
  const pages = events.filter((event) => event.type === 4).map((event) => new URL(event.data?.href ?? 'http://x/').pathname);
  expect(pages).toContain('/bookings');
  expect(pages.some((path) => path.includes('top-up'))).toBe(false);

  // The agency's page deletes its agents' replays, once the operator has ticked the box.
  await operator.goto('/ops/agencies');
  await operator.getByRole('searchbox').fill('Gulf Horizons Tours');
  await operator.getByRole('button', { name: 'Filter' }).click();
  await operator.getByRole('link', { name: 'Gulf Horizons Tours' }).first().click();
  const panel = operator.getByTestId('agency-replays');
  await expect(panel.getByRole('heading', { name: 'Session replays' })).toBeVisible();
  await panel.getByRole('button', { name: 'Delete all replays' }).click();
  await expect(panel.getByText('Tick the box to confirm.')).toBeVisible();
  expect((await operator.request.get(`/api/ops/telemetry/replays/${encodeURIComponent(sessionId)}`)).status()).toBe(200);
  await panel.getByLabel('I understand that every replay of this agency is deleted').check();
  await panel.getByRole('button', { name: 'Delete all replays' }).click();
  await expect(operator.getByText('The agency’s replays were deleted.').or(operator.getByText("The agency's replays were deleted."))).toBeVisible();
  expect((await operator.request.get(`/api/ops/telemetry/replays/${encodeURIComponent(sessionId)}`)).status()).toBe(404);
  await expect(panel.getByText(/No recorded sessions/)).toBeVisible();
  await operatorContext.close();
});
