import { expect, type Request, type Response, test } from '@playwright/test';
import { OPS_ADMIN, signInAsStaff } from './support/ops';
import { demoEmail, signInAs } from './support/portal';

// The telemetry issue's acceptance, end to end through every part: a signed-in agent's recorded
// session (the demo records every session) types into a form and then hits a render error; the
// browser SDK posts it to our collector as an exception with error severity and the agent's
// e-mail, the collector stores it, the operator admin finds it grouped on /ops/telemetry with the
// session's replay link, and the player shows the session with what was typed masked. Nothing is
// stubbed: the SDK, the collector, the replay recorder and store, and the console are the build's.

test.describe.configure({ timeout: 180_000 });

type Envelope = { name: string; tags: Record<string, string>; data: { baseType: string; baseData: Record<string, unknown> } };

function envelopesOf(request: Request): Envelope[] {
  const body = request.postData() ?? '';
  try {
    return (body.trim().startsWith('[') ? JSON.parse(body) : body.split('\n').filter(Boolean).map((line) => JSON.parse(line))) as Envelope[];
  } catch {
    return [];
  }
}

const isCollectorPost = (response: Response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/telemetry';
const isReplayUpload = (response: Response) => response.request().method() === 'POST' && response.url().includes('/api/telemetry/replay?');
const RENDER_ERROR = 'Test render error from the e2e hook';

/** A 22-character session id of this test's own, as the SDK makes them. */
function newSessionId(): string {
  return `Acc${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.replace(/[^A-Za-z0-9]/g, '').padEnd(22, 'x').slice(0, 22);
}

test('an agent’s render error reaches the collector and the operator’s telemetry, with its replay, inputs masked', async ({ browser }) => {
  const agentContext = await browser.newContext();
  const page = await agentContext.newPage();
  await signInAs(page, 'junior');
  // The SDK keeps its session in this cookie (`<id>|<acquired ms>|<renewed ms>`) and the replay
  // recorder tags its chunks with it: set after signing in, so the session is this test's alone.
  const sessionId = newSessionId();
  const now = Date.now();
  await agentContext.addCookies([{ name: 'ai_session', value: `${sessionId}|${now}|${now}`, domain: 'localhost', path: '/' }]);

  // Something typed in the recorded session.
  const secret = `acceptance-${Date.now().toString(36)}`;
  const firstChunk = page.waitForResponse(isReplayUpload, { timeout: 45_000 });
  await page.goto('/search');
  expect((await firstChunk).status()).toBe(204);
  const search = page.getByRole('search').first().getByRole('textbox').first();
  const typedChunk = page.waitForResponse(isReplayUpload, { timeout: 45_000 });
  await search.fill(secret);
  await search.press('Tab');
  // And a moment later the pointer moves on: the typing is then not the recording's last event,
  // so the player can be stopped just after it.
  await page.waitForTimeout(1_000);
  await page.mouse.move(20, 300);
  await page.mouse.move(200, 320, { steps: 5 });
  expect((await typedChunk).status()).toBe(204);

  // The render error: sent at once, accepted by the collector.
  const stored = page.waitForResponse((response) => isCollectorPost(response) && envelopesOf(response.request()).some((item) => item.data.baseType === 'ExceptionData'), { timeout: 45_000 });
  await page.goto('/e2e-render-error');
  await expect(page.getByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeVisible();
  const answer = await stored;
  expect(answer.status()).toBe(200);
  expect((await answer.json()) as { itemsAccepted: number }).toMatchObject({ itemsAccepted: expect.any(Number) });
  const exception = envelopesOf(answer.request()).find((item) => item.data.baseType === 'ExceptionData')!;
  expect(exception.data.baseData).toMatchObject({ severityLevel: 3 });
  expect(JSON.stringify(exception.data.baseData)).toContain(RENDER_ERROR);
  expect(exception.tags['ai.user.authUserId']).toBe(demoEmail('junior'));
  expect(exception.tags['ai.session.id']).toBe(sessionId);
  await agentContext.close();

  // The operator admin sees it grouped by message and page, with the agent and the replay link.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInAsStaff(operator, OPS_ADMIN, { path: '/ops/telemetry' });
  const replayLink = operator.locator(`a[href="/ops/telemetry/replays/${sessionId}"]`);
  // The collector writes accepted batches together a moment later (TELEMETRY_FLUSH_MS).
  await expect(async () => {
    await operator.goto('/ops/telemetry?period=24h');
    await expect(replayLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const group = operator.getByTestId('telemetry-error-group').filter({ has: replayLink });
  await expect(group).toContainText(RENDER_ERROR);
  await expect(group).toContainText('/e2e-render-error');
  await expect(operator.getByTestId('telemetry-error-occurrence').filter({ has: replayLink })).toContainText(demoEmail('junior'));

  // What was stored of the typing (read as the player reads it) holds asterisks, never the value.
  const recording = await operator.request.get(`/api/ops/telemetry/replays/${encodeURIComponent(sessionId)}`);
  expect(recording.status()).toBe(200);
  const events = (await recording.json()) as { type: number; timestamp: number; data?: { source?: number; text?: string } }[];
  expect(JSON.stringify(events)).not.toContain(secret);
  const typed = events.filter((event) => event.type === 3 && event.data?.source === 5);
  expect(typed.at(-1)?.data?.text).toMatch(/^\*+$/);
  expect(typed.at(-1)?.data?.text).toHaveLength(secret.length);

  // The player shows the session just after the typing (before the error page), the field masked.
  await replayLink.click();
  await expect(operator.getByRole('heading', { name: 'Session replay', level: 1 })).toBeVisible();
  await expect(operator.getByTestId('replay-stage')).toHaveAttribute('data-state', 'ready');
  // The slider steps by 100 ms from the first event: the first step after the last keystroke.
  const afterTyping = Math.ceil((typed.at(-1)!.timestamp - events[0]!.timestamp + 1) / 100) * 100;
  await operator.getByLabel('Position in the recording').fill(String(afterTyping));
  const field = operator.frameLocator('[data-testid="replay-stage"] iframe').locator('input[name="q"]').first();
  await expect(field).toHaveValue(/^\*+$/);
  await expect(operator.locator('body')).not.toContainText(secret);
  await operatorContext.close();
});
