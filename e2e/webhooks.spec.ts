import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { openWithSavedSession, SignInPage } from './support/portal';

// Webhooks on /my-agencies (docs/webhooks.md): the admin adds an endpoint (its secret shown once),
// sends a test event that a receiver started here gets, signed, sees the attempt logged and
// resends it. As admin@gulfhorizons.test, whose agency no other spec gives endpoints (the Palm Coast
// admin's password and sessions belong to e2e/sessions.spec.ts). The e2e server
// allows private addresses (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES in playwright.config.ts), so the
// receiver may listen on 127.0.0.1.

test.describe.configure({ timeout: 60_000 });

const ADMIN = 'admin@gulfhorizons.test';

type Delivery = { path: string; headers: http.IncomingHttpHeaders; body: string };
const deliveries: Delivery[] = [];
let receiver: http.Server;
let port: number;

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
test.afterAll(() => {
  receiver.close();
});

async function openAsAdmin(page: Page) {
  await openWithSavedSession(
    page,
    `${ADMIN} on localhost`,
    '/my-agencies#webhooks',
    async () => {
      const signIn = new SignInPage(page);
      await signIn.open(`?callbackUrl=${encodeURIComponent('/my-agencies')}`);
      await signIn.signIn(ADMIN);
    },
    (url) => url.pathname.endsWith('/sign-in'),
  );
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible({ timeout: 30_000 });
}

function signatureOf(secret: string, delivery: Delivery): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

for (const width of [430, 1280]) {
  test(`an admin adds an endpoint, sends a test event, sees the attempt and resends it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAsAdmin(page);
    const path = `/hooks/${width}-${Date.now()}`;
    const url = `http://127.0.0.1:${port}${path}`;

    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretField = page.getByTestId('webhook-secret');
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    // Shown once: the page as loaded again never holds it.
    await page.reload();
    const card = page.getByTestId('webhook-endpoint').filter({ has: page.getByRole('heading', { name: url }) });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // The agency's real events reach the endpoint too, within a second of another spec's change:
    // only the test event's deliveries are counted.
    const testDeliveries = () => deliveries.filter((delivery) => delivery.path === path && (JSON.parse(delivery.body) as { type: string }).type === 'webhook.test');
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Test event queued' })).toBeVisible();
    await expect.poll(() => testDeliveries().length, { timeout: 15_000 }).toBe(1);
    const first = testDeliveries()[0]!;
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test', id: first.headers['webhook-id'] });
    expect(first.headers['webhook-signature']).toBe(signatureOf(secret, first));

    // The attempt is on the page: delivered, with the answer's status. Found by its event id: the
    // agency's real events (a balance credited by another spec, say) are listed beside it.
    const delivery = card.getByTestId('webhook-delivery').filter({ hasText: String(first.headers['webhook-id']) });
    await expect
      .poll(
        async () => {
          await page.reload();
          return delivery.innerText();
        },
        { timeout: 15_000 },
      )
      .toContain('Delivered');
    await expect(delivery.getByTestId('webhook-attempts')).toContainText('HTTP 204');

    await delivery.getByRole('button', { name: 'Resend' }).click();
    await expect(delivery.getByRole('status').filter({ hasText: 'Queued again' })).toBeVisible();
    await expect.poll(() => testDeliveries().length, { timeout: 15_000 }).toBe(2);
    const again = testDeliveries()[1]!;
    // The same event: a receiver de-duplicates by its id.
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.headers['webhook-signature']).toBe(signatureOf(secret, again));

    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    // Deleted again (by keyboard), so a later run starts with room for its endpoints.
    const removal = card.locator('details').filter({ hasText: 'Delete this endpoint' });
    await removal.locator('summary').focus();
    await page.keyboard.press('Enter');
    await removal.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: url })).toHaveCount(0);
  });
}
