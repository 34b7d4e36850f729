import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, request, test } from '@playwright/test';
import { generate } from 'otplib';
import postgres from 'postgres';
import { type Cluster, missingBinaries, missingBinariesMessage, startCluster } from '../../scripts/cluster.mjs';

// The topology of several machines, run natively (scripts/cluster.mjs): two portal processes behind
// nginx, on one PostgreSQL and one Redis. What one process writes, the other must see at once —
// prices, sign-in throttling, idempotency keys, rate limits, jobs —, a process killed mid-booking
// loses and duplicates nothing, and an outage of PostgreSQL or Redis is survived without a
// restart. One cluster for the file; the tests run in order and share it.

const MISSING = missingBinaries();
// Under CI a missing binary is a failure (beforeAll throws its message); elsewhere a skip.
test.skip(MISSING.length > 0 && !process.env.CI, MISSING.length > 0 ? missingBinariesMessage(MISSING) : '');
test.describe.configure({ mode: 'serial' });

const BASE_PORT = Number(process.env.E2E_CLUSTER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 200);
const DEMO_PASSWORD = 'Traveldesk!2026';
const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const MAINTENANCE = 'Server is under maintenance';
/** Calls one agent's access tokens may make per window here (docs/api-access.md). */
const RATE_LIMIT = 20;

let cluster: Cluster;
let sql: postgres.Sql;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  if (MISSING.length > 0) throw new Error(missingBinariesMessage(MISSING));
  test.setTimeout(360_000);
  cluster = await startCluster({
    basePort: BASE_PORT,
    portals: 2,
    env: { API_RATE_LIMIT_PER_KEY: String(RATE_LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: '3600' },
  });
  sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
});

test.afterAll(async () => {
  for (const context of contexts) await context.dispose().catch(() => undefined);
  await sql?.end({ timeout: 5 }).catch(() => undefined);
  await cluster?.stop();
});

const portalA = () => cluster.portals[0]!;
const portalB = () => cluster.portals[1]!;

/** A fresh HTTP client (cookies kept) on `baseURL`, disposed after the file. */
async function client(baseURL: string, storageState?: Awaited<ReturnType<APIRequestContext['storageState']>>): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, storageState, timeout: 30_000 });
  contexts.push(context);
  return context;
}

/** One sign-in attempt through Auth.js's credentials endpoint, as the sign-in form posts it. */
async function attemptSignIn(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<{ context: APIRequestContext; signedIn: boolean }> {
  const context = await client(baseURL);
  const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await context.post('/api/auth/callback/credentials', { form: { csrfToken, email, password, callbackUrl: '/' }, maxRedirects: 0 });
  const { cookies } = await context.storageState();
  return { context, signedIn: cookies.some((cookie) => /authjs\.session-token/.test(cookie.name)) };
}

async function signedIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const { context, signedIn: ok } = await attemptSignIn(baseURL, email);
  expect(ok, `${email} signs in on ${baseURL}`).toBe(true);
  return context;
}

type Slot = { offerId: string; slotId: string; date: string; time: string; left: number; agentPriceMinor: number };

/**
 * A slot of our own inventory far enough ahead, with plenty of stock, on the cheapest per-adult
 * offer that needs no hotel: `skip` slots are passed over, so each test books its own slot.
 */
async function bookableSlot(skip: number): Promise<Slot> {
  const [slot] = await sql<Slot[]>`
    select o.id as "offerId", s.id as "slotId", s.date::text as date, s.start_time as time, s.left, o.price_per_adult as "agentPriceMinor"
    from availability_slots s
    join offers o on o.id = s.offer_id
    join tours t on t.id = o.tour_id
    where t.is_active and o.is_active and o.has_live_availability and o.supplier_id is null
      and o.pick_up <> 'included' and o.stock_mode = 'shared' and o.min_people <= 1
      and o.availability_type = 'start_time' and o.price_per_adult is not null
      and s.date >= current_date + 10 and s.left >= 60
    order by o.price_per_adult, o.id, s.date, s.start_time
    offset ${skip} limit 1`;
  if (!slot) throw new Error('the demo catalogue has no bookable slot with stock');
  return slot;
}

function bookingBody(slot: Slot, key: string, adults = 1) {
  return {
    idempotencyKey: key,
    offerId: slot.offerId,
    date: slot.date,
    time: slot.time,
    adults,
    children: 0,
    infants: 0,
    guestName: 'Cluster Guest',
    guestPhone: '+971500000000',
    guestEmail: 'cluster.guest@example.test',
    guestEmailConfirm: 'cluster.guest@example.test',
    hotelId: null,
    room: null,
    notes: null,
    promoCode: null,
    paymentMethod: 'balance',
  };
}

function book(context: APIRequestContext, slot: Slot, key: string): Promise<APIResponse> {
  return context.post('/api/v1/b2b/bookings', { headers: { 'Idempotency-Key': key }, data: bookingBody(slot, key) });
}

/** The agency's balance against its ledger: equal, and every balance booking debited once. */
async function expectLedgerConsistent() {
  const agencies = await sql<{ id: string; name: string; balance: number; ledger: number; last: number | null }[]>`
    select a.id, a.name, a.balance_minor as balance,
      coalesce((select sum(l.credit_minor - l.debit_minor) from ledger_entries l where l.agency_id = a.id), 0)::int as ledger,
      (select l.balance_after_minor from ledger_entries l where l.agency_id = a.id order by l.created_at desc, l.id desc limit 1) as last
    from agencies a`;
  for (const agency of agencies) expect(agency.ledger, `${agency.name}: balance = sum of its ledger`).toBe(agency.balance);
  const unbalanced = await sql`
    select b.reference, b.paid_minor, coalesce(sum(l.debit_minor - l.credit_minor), 0)::int as debited, count(l.id)::int as entries
    from bookings b left join ledger_entries l on l.booking_id = b.id and l.kind = 'booking'
    where b.payment_method = 'balance' and b.status <> 'cancelled'
    group by b.id having count(l.id) <> 1 or coalesce(sum(l.debit_minor - l.credit_minor), 0) <> b.paid_minor`;
  expect(unbalanced, 'every balance booking is debited exactly once, by what it paid').toEqual([]);
}

/** The slot's stock now, and what its bookings hold. */
async function stockOf(slotId: string): Promise<{ left: number; held: number }> {
  const [row] = await sql<{ left: number; held: number }[]>`
    select s.left, coalesce((select sum(b.adults + b.children)::int from bookings b where b.slot_id = s.id and b.holds_stock), 0) as held
    from availability_slots s where s.id = ${slotId}`;
  return row!;
}

test('sign-in throttling counts attempts on both portals against one account', async () => {
  const email = 'junior@palmcoast.test';
  // The free attempts (SIGN_IN_THROTTLE.freeAttempts = 3), spread over the two processes.
  for (const portal of [portalA(), portalB(), portalA()]) {
    expect((await attemptSignIn(portal.url, email, 'wrong-password-1')).signedIn).toBe(false);
  }
  // The next one, at once and with the right password, on the process that saw one failure only:
  // refused, because the streak lives in the shared database, not in the process.
  expect((await attemptSignIn(portalB().url, email)).signedIn, 'throttled on B after failures on A').toBe(false);
  // After the streak's first wait (1 s), the right password signs in on either.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect((await attemptSignIn(portalA().url, email)).signedIn).toBe(true);
});

test('an idempotency key used on portal A is replayed on portal B: the same booking, not a second', async () => {
  const slot = await bookableSlot(0);
  const onA = await signedIn(portalA().url, 'senior@desertrose.test');
  // The same session on B: sessions live in the database.
  const onB = await client(portalB().url, await onA.storageState());
  const key = randomUUID();
  const first = await book(onA, slot, key);
  expect(first.status(), await first.text()).toBe(201);
  const replay = await book(onB, slot, key);
  expect(replay.status()).toBe(201);
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  expect(await replay.text()).toBe(await first.text());
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from bookings where idempotency_key = ${key}`;
  expect(row?.count).toBe(1);
});

test("an agent's API rate limit is counted across both portals", async () => {
  const onA = await signedIn(portalA().url, 'admin@palmcoast.test');
  const session = (await (await onA.get('/api/auth/session')).json()) as { accessToken?: string };
  expect(session.accessToken).toMatch(/^td_at_/);
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const bare = [await client(portalA().url), await client(portalB().url)];
  const statuses: number[][] = [[], []];
  // Twice the limit, alternating: each process alone would let all of them through.
  for (let call = 0; call < RATE_LIMIT * 2; call += 1) {
    const side = call % 2;
    const answer = await bare[side]!.get('/api/v1/b2b/account', { headers });
    statuses[side]!.push(answer.status());
    if (answer.status() === 429) expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  const passed = statuses.flat().filter((status) => status === 200).length;
  expect(statuses.flat().every((status) => status === 200 || status === 429), JSON.stringify(statuses)).toBe(true);
  // Within a process the count is exact; the other's calls are seen at its next flush (every 250 ms).
  expect(passed, JSON.stringify(statuses)).toBeGreaterThanOrEqual(RATE_LIMIT);
  expect(passed, JSON.stringify(statuses)).toBeLessThanOrEqual(RATE_LIMIT + 4);
  expect(statuses[0], 'A refuses').toContain(429);
  expect(statuses[1], 'B refuses').toContain(429);
});

test('agents book with their balance through both portals', async () => {
  const slot = await bookableSlot(1);
  const before = await stockOf(slot.slotId);
  const agents = [
    { portal: portalA(), email: 'admin@desertrose.test', agency: 'desertrose' },
    { portal: portalB(), email: 'senior@gulfhorizons.test', agency: 'gulfhorizons' },
  ];
  for (const agent of agents) {
    const context = await signedIn(agent.portal.url, agent.email);
    const balanceBefore = (await (await context.get('/api/v1/b2b/balance')).json()) as { balanceMinor: number };
    const answer = await book(context, slot, randomUUID());
    expect(answer.status(), await answer.text()).toBe(201);
    const { reference, status } = (await answer.json()) as { reference: string; status: string };
    expect(status).toBe('completed');
    // The booking and the balance as the other portal reads them.
    const other = await client(agent.portal === portalA() ? portalB().url : portalA().url, await context.storageState());
    const read = await other.get(`/api/v1/b2b/bookings/${reference}`);
    expect(read.status()).toBe(200);
    const balanceAfter = (await (await other.get('/api/v1/b2b/balance')).json()) as { balanceMinor: number };
    const [row] = await sql<{ paid: number }[]>`select paid_minor as paid from bookings where reference = ${reference}`;
    const paid = row?.paid ?? 0;
    expect(paid).toBeGreaterThan(0);
    expect(balanceAfter.balanceMinor).toBe(balanceBefore.balanceMinor - paid);
  }
  const after = await stockOf(slot.slotId);
  expect(after.left).toBe(before.left - 2);
  await expectLedgerConsistent();
});

test("a price changed in the console of portal A is on portal B's tour page at the next request", async ({ browser }) => {
  const tour = { slug: 'abu-dhabi-mangrove-kayak', title: 'Eastern Mangroves Kayak Tour', offer: 'Guided kayak tour' };
  const fils = 11_600 + Math.floor(Math.random() * 3_300);
  const shown = aed(fils);
  const pageOnB = await client(portalB().url);
  // B has rendered (and cached) the page before the change.
  const warm = await pageOnB.get(`/tour/${tour.slug}`);
  expect(warm.status()).toBe(200);
  // Asserted as flags: the whole page in a failure's message would bury what failed.
  expect(plain(await warm.text()).includes(shown), `portal B shows ${shown} before the change`).toBe(false);

  const context = await browser.newContext({ baseURL: portalA().url });
  try {
    const page = await context.newPage();
    await page.goto('/ops/sign-in?callbackUrl=%2Fops%2Fcatalog');
    await page.getByLabel('E-mail').fill('operator@traveldesk.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByLabel('Authenticator code').fill(await generate({ secret: DEMO_TOTP_SECRET }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/ops/sign-in'));
    await page.goto(`/ops/catalog?q=${tour.slug}`);
    await page.getByRole('link', { name: tour.title }).first().click();
    const offer = page.getByRole('region', { name: `Offer: ${tour.offer}` });
    await offer.getByLabel('Retail price per adult').fill((fils / 100).toFixed(2));
    await page.waitForLoadState('networkidle');
    await offer.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Saved' }).last()).toBeVisible({ timeout: 20_000 });
  } finally {
    await context.close();
  }
  // One request, no polling: a page served stale once would be hidden by a retry.
  const next = await pageOnB.get(`/tour/${tour.slug}`);
  expect(next.status()).toBe(200);
  expect(plain(await next.text()).includes(shown), `portal B shows ${shown} at the first request after the change on A`).toBe(true);
});

test('with Redis stopped the pages keep serving from the local cache, and Redis comes back', async () => {
  test.skip(!cluster.redis, 'the cluster runs without Redis');
  const path = '/tour/abu-dhabi-city-tour';
  const pages = [await client(portalA().url), await client(portalB().url)];
  for (const page of pages) expect((await page.get(path)).status()).toBe(200);
  await cluster.redis!.stop();
  try {
    for (const page of pages) {
      for (const url of [path, '/uae', '/sign-in']) {
        const answer = await page.get(url);
        // The error and maintenance screens answer 500 and 503; the page itself has its heading.
        expect(answer.status(), `${url} with Redis down`).toBe(200);
        expect(/<h1[^>]*>[^<]+</.test(await answer.text()), `${url} has its heading`).toBe(true);
      }
    }
  } finally {
    await cluster.redis!.start();
  }
  for (const page of pages) expect((await page.get(path)).status()).toBe(200);
});

test('a portal killed (SIGKILL) during a stream of bookings loses and duplicates none', async () => {
  test.setTimeout(300_000);
  const slot = await bookableSlot(2);
  const before = await stockOf(slot.slotId);
  const agents = ['junior@desertrose.test', 'admin@gulfhorizons.test'];
  const sessions = await Promise.all(agents.map((email) => signedIn(cluster.url, email)));
  const keys = Array.from({ length: 32 }, () => randomUUID());
  const booked = new Map<string, string>();
  const failures: string[] = [];
  let attempts = 0;
  let next = 0;

  // Each client books its keys one after another through nginx; a failed attempt (the request in
  // flight at the kill, the restart) is sent again with the same key until it answers: 201 booked,
  // or 200 when the lost attempt had booked and the retry is answered that booking (the replay).
  async function worker(session: APIRequestContext) {
    while (next < keys.length) {
      const key = keys[next++]!;
      const deadline = Date.now() + 90_000;
      for (;;) {
        attempts += 1;
        const answer = await book(session, slot, key).catch((error: Error) => error);
        if (!(answer instanceof Error) && (answer.status() === 201 || answer.status() === 200)) {
          booked.set(key, ((await answer.json()) as { reference: string }).reference);
          break;
        }
        const why = answer instanceof Error ? answer.message.split('\n')[0]! : `${answer.status()} ${(await answer.text()).slice(0, 120)}`;
        failures.push(why);
        if (Date.now() > deadline) throw new Error(`key ${key} never booked: ${why}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  const workers = [0, 1, 2, 3].map((index) => worker(sessions[index % sessions.length]!));
  // Kill portal A once the stream runs, then start it again while the bookings go on.
  await expect.poll(() => booked.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
  await portalA().kill('SIGKILL');
  const restarted = portalA().start();
  await Promise.all(workers);
  await restarted;

  expect(booked.size).toBe(keys.length);
  const rows = await sql<{ key: string; reference: string }[]>`select idempotency_key as key, reference from bookings where idempotency_key = any(${keys})`;
  // Not lost, not duplicated: one booking per key, the one its client was answered.
  expect(rows.length, `bookings in the database (attempts ${attempts}, failures: ${failures.join(' | ')})`).toBe(keys.length);
  for (const row of rows) expect(booked.get(row.key)).toBe(row.reference);
  const after = await stockOf(slot.slotId);
  expect(after.left).toBe(before.left - keys.length);
  expect(after.left + after.held).toBe(before.left + before.held);
  await expectLedgerConsistent();
});

test('jobs run once across the two runners: each minute of the schedule made one job of each scheduled queue', async () => {
  // Both processes run pg-boss's clock and workers on the one database: a scheduled job is made
  // once a minute, not once per process, and (SKIP LOCKED) worked by one of them. Before the
  // database outage below: pg-boss delivers at least once, so the internal job that makes a
  // minute's scheduled jobs may run again after an outage cut it short — a retry, not a second clock.
  test.setTimeout(180_000);
  const jobsPerMinute = () => sql<{ name: string; minute: Date; jobs: number }[]>`
    select j.name, date_trunc('minute', j.created_on) as minute, count(*)::int as jobs
    from pgboss.job j where j.name in (select s.name from pgboss.schedule s)
    group by j.name, date_trunc('minute', j.created_on)`;
  // pg-boss's clock makes the first ones within a minute or two of the start: wait for two minutes' worth.
  await expect
    .poll(async () => new Set((await jobsPerMinute()).map((row) => String(row.minute))).size, { message: 'scheduled jobs were made in two minutes', timeout: 150_000, intervals: [2_000] })
    .toBeGreaterThanOrEqual(2);
  expect((await jobsPerMinute()).filter((row) => row.jobs > 1)).toEqual([]);
});

test('with PostgreSQL stopped for 30 s both portals and nginx in front show the maintenance screen, and recover by themselves within 10 s', async ({ browser }) => {
  test.setTimeout(180_000);
  // Each portal directly, and the load balancer: it passes the portals' 503 on rather than its own 502.
  const origins = [portalA().url, portalB().url, cluster.url];
  const pages = await Promise.all(origins.map(async (origin) => (await browser.newContext({ baseURL: origin })).newPage()));
  try {
    for (const page of pages) expect((await page.goto('/sign-in'))?.status()).toBe(200);
    await cluster.postgres.stop();
    const stoppedAt = Date.now();
    // Meanwhile, every few seconds on both: not ready (the load balancer's question, which also
    // tells a process that has served only cached pages so far that the database is gone), and
    // the maintenance screen (503), never an error page.
    while (Date.now() - stoppedAt < 30_000) {
      for (const page of pages) {
        const when = `${page.url()} ${Math.round((Date.now() - stoppedAt) / 1000)} s into the outage`;
        expect((await page.request.get('/api/ready')).status(), when).toBe(503);
        const answer = await page.goto('/sign-in');
        expect(answer?.status(), when).toBe(503);
        await expect(page.getByText(MAINTENANCE).first()).toBeVisible();
      }
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    await cluster.postgres.start();
    const startedAt = Date.now();
    // No restart: within 10 s both are ready and serve the page again.
    for (const origin of origins) {
      const probe = await client(origin);
      await expect
        .poll(async () => `${(await probe.get('/api/ready')).status()} ${(await probe.get('/sign-in')).status()}`, {
          timeout: Math.max(1_000, 10_000 - (Date.now() - startedAt)),
          intervals: [250],
        })
        .toBe('200 200');
    }
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    // The open maintenance screens turn back into the page by themselves, at their next reload
    // (a refresh every MAINTENANCE_RETRY_SECONDS = 5, server/routing/maintenance-page.ts).
    for (const page of pages) await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 6_000 });
    // And they book again.
    const context = await signedIn(portalB().url, 'senior@desertrose.test');
    expect((await book(context, await bookableSlot(3), randomUUID())).status()).toBe(201);
  } finally {
    await cluster.postgres.start();
    for (const page of pages) await page.context().close();
  }
  await expectLedgerConsistent();
});

/** AED as the portal formats it (shared/money/money.ts), with plain spaces. */
function aed(fils: number): string {
  const format = new Intl.NumberFormat('en-AE', { style: 'currency', currency: 'AED', currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return plain(format.format(fils / 100));
}

function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
