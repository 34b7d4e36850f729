import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { type DnsTestServer, E2E_WIDGET_CNAME_TARGET, startE2eDnsServer } from './support/dns-server';
import { OPERATOR, readMailFromConsole, signInAsStaff } from './support/ops';
import { saveForm } from './support/ops-catalog';
import { PORT, SignInPage } from './support/portal';
import { addWidgetOffers, fillGuest } from './support/widgets';

// Widget sites, from the domain on: an admin verifies the widget's domain against a DNS
// server (a missing TXT record fails, saying what was found), the site opens under that host
// name, a guest books there with the sandbox card, and the agency finds the booking with its
// margin. Serial: the DNS server holds one port. `*.test` hosts resolve to this machine
// (playwright.config.ts).

test.describe.configure({ mode: 'serial' });

// Gulf Horizons' admin: no other spec ends that admin's sessions.
const ADMIN = 'admin@gulfhorizons.test';
const unique = Date.now().toString(36);
const DOMAIN = `tours-${unique}.gulfhorizons.test`;
const SITE = `http://${DOMAIN}:${PORT}`;
const NAME = `Dunes site ${unique}`;
const CONVERSION = 'AW-123456789/AbC-D_efG';
/** gtag.js as the e2e server is configured to load it (GOOGLE_TAG_URL, playwright.config.ts). */
const GTAG_ORIGIN = 'https://gtag.e2e.test';
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The gtag calls the page queued in window.dataLayer, each as the list of its arguments. */
function queuedGtagCalls(page: Page): Promise<unknown[][] | null> {
  return page.evaluate(() => {
    const layer = (window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
    return layer ? layer.map((entry) => Array.from(entry).map((value) => (value instanceof Date ? 'date' : value))) : null;
  });
}

/** Where the tour's photo sits against its title inside a preview screen: beside it (desktop) or above it (phone). */
async function tourLayout(screen: Locator): Promise<'beside' | 'above'> {
  const photo = (await screen.locator('article img').first().boundingBox())!;
  const title = (await screen.locator('article h3').first().boundingBox())!;
  return title.x >= photo.x + photo.width - 1 ? 'beside' : 'above';
}

let dns: DnsTestServer;
/** The agency's own web server, for the embed. */
let agencySite: Server | undefined;
test.beforeAll(async () => {
  dns = await startE2eDnsServer();
});
test.afterAll(async () => {
  await dns?.close();
  agencySite?.close();
});

/** Submits an embed's checkout; answers the window its payment page opened in, checked to be the portal's, top-level. */
async function payInNewWindow(form: Locator, opened: Promise<Page>): Promise<Page> {
  await form.getByRole('button', { name: /^Pay .* by card$/ }).click();
  const payment = await opened;
  // The checkout holds the places briefly; the charge is created when the payer goes on.
  await payment.waitForURL(/\/embedded\/payment\/[0-9a-f-]{36}\?/, { timeout: 30_000 });
  await payment.getByRole('button', { name: 'Go to payment' }).click();
  await payment.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
  // Top-level: the payment page is never inside the agency's frame.
  expect(payment.url().startsWith(`http://localhost:${PORT}/`)).toBe(true);
  return payment;
}

async function signIn(page: Page, path: string) {
  const signInPage = new SignInPage(page);
  await signInPage.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signInPage.signIn(ADMIN);
  await expect(page).toHaveURL(path, { timeout: 30_000 });
}

test('an admin verifies the domain of a multi-tour widget, and a guest books on its site with the sandbox card', async ({ page, browser }) => {
  // The whole journey, from the editor to the guest's mail and voucher and the agency's reports.
  test.setTimeout(150_000);
  await signIn(page, '/widgets/new');
  await page.getByLabel('Widget name').fill(NAME);
  await page.getByLabel('Type').selectOption({ label: 'Multiple tours' });
  await page.getByLabel('Company').fill('Dunes & Co');
  await page.getByLabel('Your domain').fill(DOMAIN);
  await page.getByLabel('Conversion action id').fill(CONVERSION);
  await page.getByLabel('Hero video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await addWidgetOffers(page, 2);

  // The preview: the site as its guests will see it, following the form, at a phone's and a desktop's width.
  const phone = page.getByTestId('widget-preview-phone');
  const desktop = page.getByTestId('widget-preview-desktop');
  await page.getByLabel('Meta title').fill(`Dunes of Dubai ${unique}`);
  for (const screen of [phone, desktop]) {
    await expect(screen.locator('h1')).toHaveText(`Dunes of Dubai ${unique}`);
  }
  expect(await tourLayout(desktop)).toBe('beside');
  expect(await tourLayout(phone)).toBe('above');
  await page.getByRole('button', { name: 'A tour' }).click();
  await expect(page.getByTestId('widget-preview')).toHaveAttribute('data-view', 'tour');
  await expect(desktop.locator('article')).toHaveCount(1);

  await page.getByRole('button', { name: 'Save widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/[0-9a-f-]{36}\?notice=created$/, { timeout: 30_000 });
  // The pictures are uploaded inside the editor's Media section.
  await expect(page.getByRole('group', { name: 'Media' }).getByTestId('widget-media')).toBeVisible();

  // The records to create, then a check with the TXT record missing: failed, saying what was found.
  const panel = page.getByTestId('domain-panel');
  await expect(panel).toHaveAttribute('data-domain-status', 'pending');
  const token = await panel.locator('[data-record="TXT"] [data-testid="record-value"]').innerText();
  await expect(panel.locator('[data-record="CNAME"] [data-testid="record-value"]')).toHaveText(E2E_WIDGET_CNAME_TARGET);
  dns.publishWidgetDomain(DOMAIN, { token, cnameTarget: E2E_WIDGET_CNAME_TARGET, omit: ['txt'] });
  await page.getByTestId('domain-check').click();
  await expect(page.getByTestId('domain-panel')).toHaveAttribute('data-domain-status', 'failed');
  await expect(page.getByTestId('domain-last-check')).toContainText(E2E_WIDGET_CNAME_TARGET);
  await expect(page.getByTestId('domain-check-reason')).toBeVisible();

  dns.publishWidgetDomain(DOMAIN, { token, cnameTarget: E2E_WIDGET_CNAME_TARGET });
  await page.getByTestId('domain-check').click();
  await expect(page.getByTestId('domain-panel')).toHaveAttribute('data-domain-status', 'verified');
  // Verified: said so (the check refreshes the panel), with the set-up records folded away.
  await expect(page.getByTestId('domain-verified')).toContainText(`Verified: ${DOMAIN} serves your widget.`);
  await expect(page.getByTestId('domain-records')).toBeHidden();

  // The site, under its own host name: white-label, at the agency's prices.
  const guest = await (await browser.newContext()).newPage();
  // Nothing of YouTube before the click; the player's request is answered here, offline.
  const thirdParty: string[] = [];
  guest.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !url.hostname.endsWith('.test') && url.hostname !== 'localhost') thirdParty.push(request.url());
  });
  await guest.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  const gtagLoads: string[] = [];
  await guest.route(`${GTAG_ORIGIN}/**`, (route) => {
    gtagLoads.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag.js */' });
  });
  const landing = await guest.goto(`${SITE}/`);
  expect(landing?.status()).toBe(200);
  // The conversion tag's sources are allowed on the conversion page only (proxy.ts), not the landing.
  expect(landing!.headers()['content-security-policy'] ?? '').not.toContain(GTAG_ORIGIN);
  await expect(guest.getByText('Dunes & Co').first()).toBeVisible();
  await expect(guest.getByText('Traveldesk')).toHaveCount(0);
  // No hero picture uploaded: the first tour's photo stands behind the title, not a bare dark block.
  const hero = guest.getByTestId('widget-hero');
  await expect(hero).toHaveAttribute('data-backdrop', 'tourPhoto');
  await expect(hero.locator('img').first()).toHaveJSProperty('complete', true);
  expect(thirdParty).toEqual([]);
  await guest.getByRole('button', { name: 'Play the video' }).click();
  await expect(guest.getByTitle(/^Video: /)).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  await expect.poll(() => thirdParty.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true);
  expect(await queuedGtagCalls(guest)).toBeNull();
  await guest.getByRole('link', { name: /^Book: / }).first().click();
  await expect(guest).toHaveURL(new RegExp(`^${SITE}/book/[0-9a-f-]{36}$`));

  const form = guest.getByTestId('guest-checkout');
  // A party larger than an unpaid online booking may hold is refused at its field. (Typed once the
  // form has hydrated, which otherwise resets the party to its default.)
  await expect(form.locator('input[name="navigates"]')).toBeAttached();
  await fillGuest(form, { adults: 11, name: 'Maria Lopez', phone: '+34 600 123 456', email: 'maria@example.test' });
  await form.getByRole('button', { name: /^Pay .* by card$/ }).click();
  await expect(form.getByText('Up to 10 guests can be booked online at a time. For a larger group, please contact us.')).toBeVisible();
  await form.getByLabel('Adults').fill('2');
  const total = await guest.getByTestId('guest-total').innerText();
  await form.getByRole('button', { name: /^Pay .* by card$/ }).click();

  // The places are held for a few minutes; the payment starts when the payer goes on to it.
  await guest.waitForURL(new RegExp(`^${SITE}/payment/[0-9a-f-]{36}$`), { timeout: 30_000 });
  await expect(guest.getByTestId('guest-hold')).toContainText('Your places are held until');
  await guest.getByRole('button', { name: 'Go to payment' }).click();
  await guest.waitForURL(new RegExp(`^${SITE}/pay/sandbox/`), { timeout: 30_000 });
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Pay', exact: true }).click();
  await guest.waitForURL(new RegExp(`^${SITE}/booking/[0-9a-f-]{36}$`), { timeout: 30_000 });
  const result = guest.getByTestId('guest-booking');
  await expect(result).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(guest.getByTestId('guest-paid')).toHaveText(total);
  const reference = /TD-[A-Z2-9]{7}/.exec(await result.getByRole('heading').innerText())![0];
  // The agency's Google Ads conversion, queued for gtag.js with what the guest paid.
  const paid = Number(/[\d,]+\.\d{2}/.exec(total)![0].replaceAll(',', ''));
  await expect.poll(() => queuedGtagCalls(guest)).toEqual([
    ['js', 'date'],
    ['config', 'AW-123456789'],
    ['event', 'conversion', { send_to: CONVERSION, value: paid, currency: 'AED', transaction_id: reference }],
  ]);
  // Opened as a provider's return opens it (a page load of its own), the result page is the
  // conversion page: its policy allows gtag.js from the deployment's address (proxy.ts), which
  // loads for the agency's tag. (The sandbox's return above is Next's in-page navigation, which
  // keeps the payment page's policy.)
  const reopened = await guest.reload();
  expect(reopened!.headers()['content-security-policy']).toContain(GTAG_ORIGIN);
  await expect.poll(() => gtagLoads).toContain(`${GTAG_ORIGIN}/gtag/js?id=AW-123456789`);
  await expect(guest.getByTestId('guest-booking')).toHaveAttribute('data-status', 'completed');
  const paymentId = /\/booking\/([0-9a-f-]{36})$/.exec(guest.url())![1]!;

  // The confirmation mail: in the agency's name, linking the booking on the agency's site by the
  // guest link's token, never by an internal id; the link opens the booking and its voucher.
  const mail = await readMailFromConsole(browser, 'maria@example.test', reference);
  expect(mail).toContain('Dunes & Co');
  expect(mail).not.toMatch(/traveldesk/i);
  expect(mail).not.toContain(paymentId);
  const link = /https?:\/\/\S+/.exec(mail)![0];
  expect(link).toMatch(new RegExp(`^https://${DOMAIN.replaceAll('.', '\\.')}/my-booking/${reference}-[0-9a-f]{32}$`));
  // The site answers plain HTTP on the test port here; the mail names it as the public would reach it.
  await guest.goto(link.replace(`https://${DOMAIN}`, SITE));
  await expect(guest.getByTestId('guest-booking')).toHaveAttribute('data-status', 'completed');
  await expect(guest.getByText('Dunes & Co').first()).toBeVisible();
  await expect(guest.getByText('Traveldesk')).toHaveCount(0);
  const [download] = await Promise.all([guest.waitForEvent('download'), guest.getByTestId('guest-voucher').click()]);
  expect(download.suggestedFilename()).toBe(`voucher-${reference}.pdf`);
  const parser = new PDFParse({ data: new Uint8Array(await fs.readFile((await download.path())!)) });
  const voucher = (await parser.getText()).text;
  await parser.destroy();
  expect(voucher).toContain('Dunes & Co');
  expect(voucher).toContain('Maria Lopez');
  expect(voucher).not.toMatch(/traveldesk|sbx_/i);
  expect(voucher).not.toContain(paymentId);
  await guest.context().close();

  // The agency's bookings show it, marked with the widget; its commissions count the margin.
  const bookingsPage = await page.goto(`/bookings?reference=${reference}`);
  await expect(page.getByTestId('widget-badge')).toHaveText(`Widget: ${NAME}`);
  // A portal page is no conversion page: its policy leaves gtag.js out.
  expect(bookingsPage!.headers()['content-security-policy']).not.toContain(GTAG_ORIGIN);
  await page.goto('/my-commissions');
  const row = page.getByTestId('widget-sales-row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1');
  // Never on the portal's pages.
  expect(await queuedGtagCalls(page)).toBeNull();
});

test('a site with no hero picture and no tour photo shows its logo on the brand colour', async ({ page, browser }) => {
  test.slow();
  // The demo's tours all have photos: the operator adds one without any, with an offer. Its `zz-`
  // slug in the last city keeps it after the other specs' first pages of results.
  const tourTitle = `Falconry ${unique}`;
  const offerName = `Falcon hour ${unique}`;
  const operator = await (await browser.newContext()).newPage();
  await signInAsStaff(operator, OPERATOR, { path: '/ops/catalog/tours/new' });
  await operator.getByLabel('Slug').fill(`zz-logo-site-${unique}`);
  await operator.getByLabel('City', { exact: true }).selectOption({ label: 'Khasab (Musandam)' });
  for (const [field, value] of [
    ['Title (English)', tourTitle],
    ['Title (Russian)', `Соколиная охота ${unique}`],
    ['Summary (English)', 'Falcons in flight.'],
    ['Summary (Russian)', 'Соколы в полёте.'],
    ['Description (English)', 'A falconer shows how the birds hunt.'],
    ['Description (Russian)', 'Сокольник показывает, как охотятся птицы.'],
    ['Terms (English)', 'Meet at the camp gate.'],
    ['Terms (Russian)', 'Встреча у ворот лагеря.'],
    ['Duration (minutes)', '60'],
  ] as const) {
    await operator.getByLabel(field).fill(value);
  }
  await operator.waitForLoadState('networkidle');
  await operator.getByRole('button', { name: 'Create tour' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: tourTitle })).toBeVisible();
  const newOffer = operator.getByRole('region', { name: 'New offer' });
  await newOffer.getByLabel('Name (English)').fill(offerName);
  await newOffer.getByLabel('Name (Russian)').fill(`Час с соколом ${unique}`);
  await newOffer.getByLabel('Agent price per adult').fill('80');
  await newOffer.getByLabel('Retail price per adult').fill('120');
  await saveForm(operator, newOffer, 'Add offer');
  await operator.context().close();

  // The agency's single-tour site of it, with a logo and no hero picture.
  const domain = `falcons-${unique}.gulfhorizons.test`;
  await signIn(page, '/widgets/new');
  await page.getByLabel('Widget name').fill(`Falcons ${unique}`);
  await page.getByLabel('Type').selectOption({ label: 'Single tour' });
  await page.getByLabel('Company').fill('Falcon Friends');
  await page.getByLabel('Your domain').fill(domain);
  const chooser = page.locator('select:has(optgroup)');
  await expect(async () => {
    await chooser.selectOption({ label: offerName }, { timeout: 1_000 });
    await expect(page.getByRole('button', { name: 'Add offer', exact: true })).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: 'Add offer', exact: true }).click();
  await expect(page.getByTestId('widget-offer-rows').locator('li')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/[0-9a-f-]{36}\?notice=created$/, { timeout: 30_000 });
  const logoForm = page.getByTestId('widget-media-upload-logo');
  await logoForm.getByLabel('Picture file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await logoForm.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('widget-media').getByRole('img', { name: 'Logo 1' })).toBeVisible();
  const token = await page.getByTestId('domain-panel').locator('[data-record="TXT"] [data-testid="record-value"]').innerText();
  dns.publishWidgetDomain(domain, { token, cnameTarget: E2E_WIDGET_CNAME_TARGET });
  await page.getByTestId('domain-check').click();
  await expect(page.getByTestId('domain-panel')).toHaveAttribute('data-domain-status', 'verified');

  // Its landing: the logo on the brand colour behind the title, not a flat dark block.
  await page.context().clearCookies();
  expect((await page.goto(`http://${domain}:${PORT}/`))?.status()).toBe(200);
  const hero = page.getByTestId('widget-hero');
  await expect(hero).toHaveAttribute('data-backdrop', 'brand');
  await expect(hero.getByRole('img', { name: `Falcons ${unique} logo` })).toHaveJSProperty('complete', true);
  expect(await hero.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
});

test('a host no verified widget serves gets the not-found page, and no portal page', async ({ page }) => {
  const unknown = await page.goto(`http://nobody-${unique}.example.test:${PORT}/`);
  expect(unknown?.status()).toBe(404);
  const portal = await page.goto(`${SITE}/sign-in`);
  expect(portal?.status()).toBe(404);
  const ops = await page.goto(`${SITE}/ops`);
  expect(ops?.status()).toBe(404);
});

test("an embed widget's code, pasted into a page of the agency's verified domain, shows its tickets in a frame that fits them, and opens payment in a new window, with JavaScript or without", async ({ page, browser }) => {
  test.slow();
  const shop = `shop-${unique}.gulfhorizons.test`;
  const shopOrigin = `http://${shop}:${PORT + 7}`;
  await signIn(page, '/widgets/new');
  await page.getByLabel('Widget name').fill(`Embed ${unique}`);
  await page.getByLabel('Type').selectOption({ label: 'Embedded (single tour)' });
  await page.getByLabel('Your domain').fill(shop);
  await page.getByLabel('Conversion action id').fill(CONVERSION);
  await addWidgetOffers(page, 1);
  // The embed's own preview: its tickets, not a site.
  await expect(page.getByTestId('widget-preview')).toHaveAttribute('data-view', 'tickets');
  await expect(page.getByTestId('widget-preview-phone').getByTestId('embed-offer-list')).toHaveAttribute('data-type', 'embedded');
  await expect(page.getByTestId('widget-preview-phone').getByTestId('embed-offer')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save widget' }).click();
  await expect(page).toHaveURL(/\/widgets\/[0-9a-f-]{36}\?notice=created$/, { timeout: 30_000 });
  const token = await page.getByTestId('domain-panel').locator('[data-record="TXT"] [data-testid="record-value"]').innerText();
  dns.publishWidgetDomain(shop, { token, cnameTarget: E2E_WIDGET_CNAME_TARGET });
  await page.getByTestId('domain-check').click();
  await expect(page.getByTestId('domain-panel')).toHaveAttribute('data-domain-status', 'verified');
  const snippet = await page.getByTestId('widget-embed-snippet').innerText();
  expect(snippet).toMatch(/^<script src="http:\/\/localhost:\d+\/embed\.js" data-traveldesk-widget="[0-9a-f-]{36}" async><\/script>$/);

  // The agency's own page, served from another local origin, with the code pasted in.
  // `/checkout` frames the embed's checkout page itself, for a visitor without JavaScript.
  let checkoutUrl = '';
  agencySite = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const content = request.url === '/checkout' ? `<iframe src="${checkoutUrl}" width="600" height="1200"></iframe>` : snippet;
    response.end(`<!doctype html><html><head><title>Shop</title></head><body><h1>Our tours</h1>${content}<p>Footer</p></body></html>`);
  });
  await new Promise<void>((resolve) => agencySite!.listen(PORT + 7, '127.0.0.1', resolve));
  // From here on the visitor is the agency's customer, with no account: nothing of the admin's session.
  await page.context().clearCookies();
  await page.goto(`${shopOrigin}/tours`);
  const frameElement = page.locator('iframe[data-traveldesk-frame]');
  const frame = page.frameLocator('iframe[data-traveldesk-frame]');
  await expect(frame.getByTestId('embed-tickets')).toBeVisible();
  await expect(frame.getByTestId('embed-offer')).toHaveCount(1);
  // The frame takes its content's height (the loader starts it at 480 px).
  await expect.poll(() => frameElement.evaluate((element) => (element as HTMLIFrameElement).style.height)).not.toBe('480px');

  checkoutUrl = new URL((await frame.getByTestId('embed-book').first().getAttribute('href'))!, `http://localhost:${PORT}`).toString();
  await frame.getByTestId('embed-book').first().click();
  const form = frame.getByTestId('guest-checkout');
  // The last open day: the first one's seats are left for the visitor without JavaScript below,
  // whose form lists the first day's start times only.
  const calendar = form.getByTestId('guest-calendar');
  const openDays = calendar.locator('button[data-date][aria-disabled="false"]');
  await expect(openDays.first()).toBeVisible();
  // The calendar's last month with an open day (the checkout offers the next sixty days).
  for (let step = 0; step < 3; step += 1) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
    if ((await openDays.count()) === 0) {
      await calendar.getByRole('button', { name: 'Previous month' }).click();
      break;
    }
  }
  await openDays.last().click();
  await expect(openDays.last()).toHaveAttribute('aria-pressed', 'true');
  await fillGuest(form, { adults: 1, name: 'Ivan Petrov', phone: '+7 900 123 45 67', email: 'ivan@example.test' });
  const payment = await payInNewWindow(form, page.waitForEvent('popup'));
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: 'Pay', exact: true }).click();
  await payment.waitForURL(/\/embedded\/booking\/[0-9a-f-]{36}\?/, { timeout: 30_000 });
  await expect(payment.getByTestId('guest-booking')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  // The embed's result page reports the conversion too.
  await expect.poll(async () => (await queuedGtagCalls(payment))?.find((call) => call[0] === 'event')).toMatchObject(['event', 'conversion', { send_to: CONVERSION, currency: 'AED' }]);
  // The confirmation mail links a page that exists: the portal's page of the booking (the agency's
  // own page cannot serve it), by the guest link's token, with the voucher.
  const embedReference = /TD-[A-Z2-9]{7}/.exec(await payment.getByTestId('guest-booking').getByRole('heading').innerText())![0];
  const embedLink = /https?:\/\/\S+/.exec(await readMailFromConsole(browser, 'ivan@example.test', embedReference))![0];
  expect(embedLink).toMatch(new RegExp(`^http://localhost:${PORT}/embedded/my-booking/${embedReference}-[0-9a-f]{32}$`));
  expect((await payment.goto(embedLink))?.status()).toBe(200);
  await expect(payment.getByTestId('guest-booking')).toHaveAttribute('data-status', 'completed');
  await expect(payment.getByTestId('guest-voucher')).toBeVisible();
  // The white label: titled by the agency, none of our name in the head either.
  const head = await payment.locator('head').innerHTML();
  expect(head).not.toContain('Traveldesk');
  await expect(payment.locator('meta[name="portal-title"]')).not.toHaveAttribute('content', /Traveldesk/);

  // Without JavaScript the checkout is a plain form post, and still opens payment top-level.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const shopPage = await noScript.newPage();
    await shopPage.goto(`${shopOrigin}/checkout`);
    const plainForm = shopPage.frameLocator('iframe').getByTestId('guest-checkout');
    await fillGuest(plainForm, { adults: 1, name: 'Anna Petrova', phone: '+7 900 765 43 21', email: 'anna@example.test' });
    await payInNewWindow(plainForm, noScript.waitForEvent('page'));
    // The agency's page and its frame stay as they were.
    expect(shopPage.url()).toBe(`${shopOrigin}/checkout`);
    await expect(plainForm.getByLabel('Full name')).toHaveValue('Anna Petrova');
  } finally {
    await noScript.close();
  }
});
