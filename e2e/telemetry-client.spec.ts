import { expect, type Page, type Request, test } from '@playwright/test';
import { demoEmail, signInAs } from './support/portal';

// Browser telemetry end to end: the Application Insights SDK loads once the page is interactive
// and posts its batches to our own /api/telemetry as envelopes (observed as requests: the
// collector answers them, nothing here stands in for it).

const TOUR = 'burj-khalifa-at-the-top';

type Envelope = { name: string; tags: Record<string, string>; data: { baseType: string; baseData: Record<string, unknown> & { properties?: Record<string, string> } } };

function envelopesOf(request: Request): Envelope[] {
  const body = request.postData() ?? '';
  try {
    return (body.trim().startsWith('[') ? JSON.parse(body) : body.split('\n').filter(Boolean).map((line) => JSON.parse(line))) as Envelope[];
  } catch {
    return [];
  }
}

/** The next batch posted to /api/telemetry holding an envelope that `matches`. */
function telemetryBatch(page: Page, matches: (envelope: Envelope) => boolean, timeout = 45_000) {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/telemetry' && envelopesOf(request).some(matches),
    { timeout },
  );
}

test('a page view reaches /api/telemetry as an envelope, and nothing of telemetry loads before the page is interactive', async ({ page }) => {
  test.setTimeout(90_000);
  const pageView = telemetryBatch(page, (envelope) => envelope.data.baseType === 'PageviewData' && String(envelope.data.baseData.url).endsWith(`/tour/${TOUR}`));
  await page.goto(`/tour/${TOUR}`);
  const batch = await pageView;
  const envelope = envelopesOf(batch).find((item) => item.data.baseType === 'PageviewData')!;
  expect(envelope.tags['ai.session.id']).toHaveLength(22);
  expect(envelope.tags['ai.user.id']).toHaveLength(22);
  expect(envelope.data.baseData.properties).toMatchObject({ locale: 'en' });
  // The same batch carries the analytics events the page marks: its page view and the tour view.
  const names = envelopesOf(batch).filter((item) => item.data.baseType === 'EventData').map((item) => item.data.baseData.name);
  expect(names).toEqual(expect.arrayContaining(['page_view', 'tour_view']));

  // Every telemetry request began after the load event: none was on the critical path.
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const telemetry = performance.getEntriesByType('resource').filter((entry) => /\/api\/telemetry/.test(entry.name));
    return { loadEnd: navigation?.loadEventEnd ?? 0, starts: telemetry.map((entry) => entry.startTime) };
  });
  expect(timing.loadEnd).toBeGreaterThan(0);
  expect(timing.starts.length).toBeGreaterThan(0);
  for (const start of timing.starts) expect(start).toBeGreaterThanOrEqual(timing.loadEnd);
});

test('a render error reaches /api/telemetry as an exception with error severity and the agent’s e-mail', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'senior');
  const exception = telemetryBatch(page, (envelope) => envelope.data.baseType === 'ExceptionData');
  await page.goto('/e2e-render-error');
  await expect(page.getByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeVisible();
  // Sent at once, not with the next 15-second batch.
  const batch = await exception;
  const envelope = envelopesOf(batch).find((item) => item.data.baseType === 'ExceptionData')!;
  expect(envelope.data.baseData).toMatchObject({ severityLevel: 3 });
  expect(JSON.stringify(envelope.data.baseData.exceptions)).toContain('Test render error from the e2e hook');
  expect(envelope.tags['ai.user.authUserId']).toBe(demoEmail('senior'));
});

test('a visitor’s render error carries no agent', async ({ page }) => {
  test.setTimeout(60_000);
  const exception = telemetryBatch(page, (envelope) => envelope.data.baseType === 'ExceptionData', 20_000);
  await page.goto('/e2e-render-error');
  const envelope = envelopesOf(await exception).find((item) => item.data.baseType === 'ExceptionData')!;
  expect(envelope.data.baseData).toMatchObject({ severityLevel: 3 });
  expect(envelope.tags['ai.user.authUserId']).toBeUndefined();
});
