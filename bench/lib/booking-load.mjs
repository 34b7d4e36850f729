// The booking workload: the date picker's month query (`GET /api/v1/b2b/availability/ByOffer`)
// and bookings end to end (`POST /api/v1/b2b/bookings`), each by closed-loop clients signed in as
// several agents, on slots chosen from the portal's own availability answers.
import { randomUUID } from 'node:crypto';
import { closedLoop, getRaw, keepAliveAgent, percentile, round, send } from './load.mjs';

/** Agents of the two demo agencies with balance and credit (palmcoast has too little money). */
export const BOOKING_AGENTS = ['desertrose', 'gulfhorizons'].flatMap((domain) =>
  ['admin', 'senior', 'junior'].map((role) => `${role}@${domain}.test`),
);
export const PAYMENT_METHODS = ['cash', 'balance', 'request'];

/** Days ahead of the first bookable date: far past every offer's cut-off (48 h at most). */
const LEAD_DAYS = 7;
/** The longest range one availability call may ask for (server/availability/schemas.ts). */
const WINDOW_DAYS = 62;
/** Only slots with this many tickets left, so one booking never takes a slot's last ones. */
const MIN_LEFT = 8;
const MAX_TOURS = 12;
/** Ids tried per tour page when it has no `data-offer-id` (every uuid of its RSC payload). */
const MAX_IDS_PER_PAGE = 40;
const MAX_REFUSAL_KINDS = 10;
const DAY_MS = 86_400_000;
/** Asia/Dubai is UTC+4 all year: the portal's dates and cut-offs are Dubai dates. */
const DUBAI_OFFSET_MS = 4 * 3_600_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export const GUEST = {
  guestName: 'Bench Guest',
  guestPhone: '+971500000000',
  guestEmail: 'bench.guest@example.test',
  guestEmailConfirm: 'bench.guest@example.test',
  hotelId: null,
  room: null,
  notes: null,
  promoCode: null,
};

/** `yyyy-MM-dd` in Dubai, `days` after today. */
function dubaiDate(days, now = Date.now()) {
  return new Date(now + DUBAI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last day of the calendar month `monthsAhead` after Dubai's current one. */
function calendarMonth(monthsAhead, now = Date.now()) {
  const today = new Date(now + DUBAI_OFFSET_MS);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + monthsAhead, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + monthsAhead + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The tour slugs of `/sitemap.xml`, each once (locale variants share a slug). */
async function tourSlugs(baseUrl) {
  const sitemap = await getRaw(`${baseUrl}/sitemap.xml`);
  if (sitemap.status !== 200) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
  const matches = sitemap.body.toString('utf8').matchAll(/<loc>[^<]*\/tour\/([^/<?#]+)<\/loc>/g);
  return [...new Set([...matches].map((match) => decodeURIComponent(match[1])))];
}

/**
 * Offer ids on a tour page: the offer cards' `data-offer-id`, else every uuid in the page (the RSC
 * payload carries the ids the booking islands get); the availability call tells which are offers.
 */
function offerIdsInPage(html) {
  const cards = [...html.matchAll(/<article[^>]*data-offer-id="([0-9a-f-]{36})"[^>]*>/g)].map((match) => ({ id: match[1], pickUp: /data-pick-up="(\w+)"/.exec(match[0])?.[1] }));
  // An offer whose hotel pick-up is included needs a hotel chosen at checkout: not this workload.
  const bookable = cards.filter((card) => card.pickUp !== 'included').map((card) => card.id);
  if (cards.length > 0) return { ids: [...new Set(bookable)], from: 'data-offer-id', needingHotel: cards.length - bookable.length };
  return { ids: [...new Set(html.match(UUID) ?? [])].slice(0, MAX_IDS_PER_PAGE), from: 'page uuids', needingHotel: 0 };
}

/** The JSON of a 200 answer, else null (404 or 422: not an offer id). */
async function getJson(url, cookie) {
  const response = await getRaw(url, { cookie });
  return response.status === 200 ? JSON.parse(response.body.toString('utf8')) : null;
}

/** Bookable slots of one offer's availability answer, each with how many bookings it can take. */
function bookableSlots(availability) {
  const adults = Math.max(2, availability.minPeople);
  const firstDate = dubaiDate(LEAD_DAYS);
  return availability.days
    .filter((day) => day.date >= firstDate)
    .flatMap((day) =>
      day.slots
        .filter((slot) => !slot.pastCutOff)
        .map((slot) => ({ slot, left: availability.stockMode === 'per_type' ? slot.leftAdults : slot.left }))
        .filter(({ left }) => left !== null && left >= Math.max(MIN_LEFT, adults))
        .map(({ slot, left }) => ({ offerId: availability.offerId, date: day.date, time: slot.time, adults, budget: Math.floor(left / adults) })),
    );
}

/**
 * Live offers of the sitemap's first tours and their bookable slots from `LEAD_DAYS` ahead, as the
 * agent behind `cookie` sees them. Reads only; the anonymous tour pages warm Next's cache as a
 * visitor would.
 */
export async function discoverSlots(baseUrl, cookie) {
  const slugs = (await tourSlugs(baseUrl)).slice(0, MAX_TOURS);
  const from = dubaiDate(LEAD_DAYS);
  const to = dubaiDate(LEAD_DAYS + WINDOW_DAYS - 1);
  const offers = [];
  const slots = [];
  const idSources = new Set();
  let skippedForHotel = 0;
  for (const slug of slugs) {
    const page = await getRaw(`${baseUrl}/tour/${encodeURIComponent(slug)}`);
    if (page.status !== 200) continue;
    const { ids, from: source, needingHotel } = offerIdsInPage(page.body.toString('utf8'));
    idSources.add(source);
    skippedForHotel += needingHotel;
    for (const id of ids) {
      if (offers.includes(id)) continue;
      const json = await getJson(`${baseUrl}/api/v1/b2b/availability/ByOffer?id=${id}&from=${from}&to=${to}`, cookie);
      if (!json?.hasLiveAvailability) continue;
      offers.push(id);
      slots.push(...bookableSlots(json));
    }
  }
  return { tours: slugs.length, offers, slots, offerIdsFrom: [...idSources], offersNeedingHotel: skippedForHotel };
}

/** Latencies, statuses and rate of one closed-loop phase whose `task` returns a response, or null to stop. */
async function measurePhase({ seconds, connections }, task, onResponse = () => {}) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let firstError = null;
  const elapsed = await closedLoop({ seconds, connections }, async (client) => {
    try {
      const response = await task(client);
      if (response === null) return false;
      latencies.push(response.latency);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      onResponse(response);
    } catch (error) {
      errors += 1;
      firstError ??= error.message;
    }
    return true;
  });
  return {
    requests: latencies.length,
    errors,
    ...(firstError ? { firstError } : {}),
    statuses,
    seconds: round(elapsed, 1),
    rps: round(latencies.length / elapsed, 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * Runs named tasks in `rounds` rounds of `roundSeconds` each, every task once per round, so the
 * machine's drift falls on all alike; `orderOf(round)` gives a round's order of names (by default
 * as given). A task returning null stops its client for the round. Per task: latencies, statuses,
 * errors and the seconds it ran.
 */
async function alternatingRounds(tasks, { rounds, roundSeconds, connections, orderOf = () => Object.keys(tasks) }) {
  const totals = Object.fromEntries(Object.keys(tasks).map((name) => [name, { latencies: [], statuses: {}, errors: 0, elapsed: 0 }]));
  for (let round = 0; round < rounds; round += 1) {
    for (const name of orderOf(round)) {
      const total = totals[name];
      total.elapsed += await closedLoop({ seconds: roundSeconds, connections }, async (client) => {
        try {
          const pending = tasks[name](client);
          if (!pending) return false;
          const response = await pending;
          total.latencies.push(response.latency);
          total.statuses[response.status] = (total.statuses[response.status] ?? 0) + 1;
        } catch {
          total.errors += 1;
        }
        return true;
      });
    }
  }
  return totals;
}

/** A task's totals as the summary reports them; `ok`, when given, counts only that status in `rps`. */
function roundsSummary({ latencies, statuses, errors, elapsed }, ok) {
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds: round(elapsed, 1),
    rps: round((ok === undefined ? latencies.length : (statuses[ok] ?? 0)) / elapsed, 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * The date picker's query (one offer's calendar month: next month and the one after, in turn, over
 * every live offer) against the floor of signed-in route handlers (`GET /api/v1/b2b/account`, which
 * does nothing beyond authenticating the agent), in alternating rounds so the machine's drift falls
 * on both alike. `cookies` are spread round-robin over the clients.
 */
export async function runAvailabilityLoad(baseUrl, { cookies, offers, seconds, warmupSeconds, connections, rounds = 6 }) {
  const months = [calendarMonth(1), calendarMonth(2)];
  const urls = offers.flatMap((id) => months.map(({ from, to }) => `${baseUrl}/api/v1/b2b/availability/ByOffer?id=${id}&from=${from}&to=${to}`));
  const agent = keepAliveAgent(connections);
  let next = 0;
  const headers = (client) => ({ cookie: cookies[client % cookies.length] });
  const tasks = {
    signedInFloor: (client) => send(`${baseUrl}/api/v1/b2b/account`, { headers: headers(client), agent }),
    availabilityMonth: (client) => send(urls[next++ % urls.length], { headers: headers(client), agent }),
  };
  let totals;
  try {
    for (const task of Object.values(tasks)) if (warmupSeconds > 0) await measurePhase({ seconds: warmupSeconds, connections }, task);
    totals = await alternatingRounds(tasks, { rounds, roundSeconds: Math.max(2, seconds / rounds), connections });
  } finally {
    agent.destroy();
  }
  const availabilityMonth = { ...roundsSummary(totals.availabilityMonth), queries: urls.length, range: months, rounds };
  const signedInFloor = { ...roundsSummary(totals.signedInFloor), url: '/api/v1/b2b/account', rounds };
  return { availabilityMonth, signedInFloor, availabilityVsSignedInFloor: round(availabilityMonth.rps / signedInFloor.rps, 3) };
}

/**
 * The agencies' API with a key against the same calls with the session cookie, in alternating
 * rounds: the month's availability (`GET …/availability/ByOffer`) and cash bookings (`POST
 * …/b2b/bookings`). `keys[i]` is the API key of `cookies[i]`'s agency, so both credentials act for
 * the same agencies on the same offers and slots. The key check must not cost more than the
 * cookie's (availability ≥ 0.9 of it), nor API bookings less than 0.8 of the portal's own.
 */
export async function runApiKeyLoad(baseUrl, { cookies, keys, offers, slots, seconds, warmupSeconds, connections, rounds = 6 }) {
  const months = [calendarMonth(1), calendarMonth(2)];
  const urls = offers.flatMap((id) => months.map(({ from, to }) => `${baseUrl}/api/v1/b2b/availability/ByOffer?id=${id}&from=${from}&to=${to}`));
  const agent = keepAliveAgent(connections);
  const credential = {
    cookie: (client) => ({ cookie: cookies[client % cookies.length] }),
    key: (client) => ({ authorization: `Bearer ${keys[client % keys.length]}` }),
  };
  let next = 0;
  const nextSlot = slotPicker(slots);
  const availability = (via) => (client) => send(urls[next++ % urls.length], { headers: credential[via](client), agent });
  const book = (via) => (client) => {
    const slot = nextSlot();
    if (!slot) return null;
    const { offerId, date, time, adults } = slot;
    const body = JSON.stringify({ offerId, date, time, adults, children: 0, infants: 0, ...GUEST, paymentMethod: 'cash' });
    const headers = { ...credential[via](client), 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    return send(`${baseUrl}/api/v1/b2b/bookings`, { method: 'POST', headers, body, agent });
  };
  const tasks = { availabilityByCookie: availability('cookie'), availabilityByKey: availability('key'), bookingsByCookie: book('cookie'), bookingsByKey: book('key') };
  let totals;
  try {
    for (const task of Object.values(tasks)) if (warmupSeconds > 0) await measurePhase({ seconds: Math.min(1, warmupSeconds), connections }, task);
    // Alternating which of each pair goes first, so neither always meets the warmer process.
    const orderOf = (round) => (round % 2 === 0 ? Object.keys(tasks) : ['availabilityByKey', 'availabilityByCookie', 'bookingsByKey', 'bookingsByCookie']);
    totals = await alternatingRounds(tasks, { rounds, roundSeconds: Math.max(1, seconds / rounds), connections, orderOf });
  } finally {
    agent.destroy();
  }
  const result = {
    availabilityByCookie: roundsSummary(totals.availabilityByCookie, 200),
    availabilityByKey: roundsSummary(totals.availabilityByKey, 200),
    bookingsByCookie: roundsSummary(totals.bookingsByCookie, 201),
    bookingsByKey: roundsSummary(totals.bookingsByKey, 201),
    rounds,
  };
  return {
    ...result,
    availabilityKeyVsCookie: round(result.availabilityByKey.rps / result.availabilityByCookie.rps, 3),
    bookingsKeyVsCookie: round(result.bookingsByKey.rps / result.bookingsByCookie.rps, 3),
  };
}

/**
 * Our OCTO API for resellers (docs/octo-api.md) with each agency's key: the availability calendar of
 * 30 days (`POST /api/octo/availability/calendar`, over every option in turn), and a booking as a
 * reseller makes it, reserve then confirm (`POST /api/octo/bookings`, `…/{uuid}/confirm`, paid from
 * the balance), against the portal's own booking paid from the balance (`POST /api/v1/b2b/bookings`
 * with the cookie of `cookies`, seniors and admins), in alternating rounds on the same slots. The
 * calendar's p99 is the target (< 50 ms on PostgreSQL at 10 clients), and an OCTO booking's rate at
 * least 0.8 of the portal's. Slots of offers OCTO does not serve (per trip) are left out.
 */
export async function runOctoLoad(baseUrl, { cookies, keys, slots, seconds, warmupSeconds, connections, rounds = 6 }) {
  const agent = keepAliveAgent(connections);
  const key = (client) => ({ authorization: `Bearer ${keys[client % keys.length]}`, 'content-type': 'application/json' });
  const products = await send(`${baseUrl}/api/octo/products`, { headers: key(0), agent });
  if (products.status !== 200) throw new Error(`/api/octo/products answered ${products.status}`);
  const productOf = new Map(JSON.parse(products.body).flatMap((product) => product.options.map((option) => [option.id, product.id])));
  const octoSlots = slots.filter((slot) => productOf.has(slot.offerId));
  const options = [...new Set(octoSlots.map((slot) => slot.offerId))];
  const start = dubaiDate(7);
  const end = dubaiDate(36);
  const calendars = options.map((optionId) => JSON.stringify({ productId: productOf.get(optionId), optionId, localDateStart: start, localDateEnd: end }));
  let next = 0;
  const nextSlot = slotPicker(octoSlots);
  const contact = { fullName: GUEST.guestName, emailAddress: GUEST.guestEmail, phoneNumber: GUEST.guestPhone };
  const tasks = {
    octoCalendar: (client) => send(`${baseUrl}/api/octo/availability/calendar`, { method: 'POST', headers: key(client), body: calendars[next++ % calendars.length], agent }),
    portalBookings: (client) => {
      const slot = nextSlot();
      if (!slot) return null;
      const { offerId, date, time, adults } = slot;
      const body = JSON.stringify({ offerId, date, time, adults, children: 0, infants: 0, ...GUEST, paymentMethod: 'balance', idempotencyKey: randomUUID() });
      return send(`${baseUrl}/api/v1/b2b/bookings`, { method: 'POST', headers: { cookie: cookies[client % cookies.length], 'content-type': 'application/json' }, body, agent });
    },
    // One attempt is both calls; its latency theirs together, its status the confirmation's (or the refused reservation's).
    octoBookings: (client) => {
      const slot = nextSlot();
      if (!slot) return null;
      return (async () => {
        const uuid = randomUUID();
        const unitItems = Array.from({ length: slot.adults }, () => ({ unitId: 'adult' }));
        const availabilityId = `${slot.offerId}_${slot.date}T${slot.time}`;
        const reservation = JSON.stringify({ uuid, productId: productOf.get(slot.offerId), optionId: slot.offerId, availabilityId, expirationMinutes: 30, unitItems });
        const reserved = await send(`${baseUrl}/api/octo/bookings`, { method: 'POST', headers: key(client), body: reservation, agent });
        if (reserved.status !== 200) return reserved;
        const confirmed = await send(`${baseUrl}/api/octo/bookings/${uuid}/confirm`, { method: 'POST', headers: key(client), body: JSON.stringify({ contact }), agent });
        return { ...confirmed, latency: reserved.latency + confirmed.latency };
      })();
    },
  };
  let totals;
  try {
    for (const task of Object.values(tasks)) if (warmupSeconds > 0) await measurePhase({ seconds: Math.min(1, warmupSeconds), connections }, task);
    // Alternating which booking path goes first, so neither always meets the warmer process.
    const orderOf = (round) => (round % 2 === 0 ? ['octoCalendar', 'portalBookings', 'octoBookings'] : ['octoCalendar', 'octoBookings', 'portalBookings']);
    totals = await alternatingRounds(tasks, { rounds, roundSeconds: Math.max(1, seconds / rounds), connections, orderOf });
  } finally {
    agent.destroy();
  }
  const octoCalendar = { ...roundsSummary(totals.octoCalendar, 200), options: options.length, days: 30 };
  const portalBookings = roundsSummary(totals.portalBookings, 201);
  const octoBookings = roundsSummary(totals.octoBookings, 200);
  return { octoCalendar, portalBookings, octoBookings, rounds, slots: octoSlots.length, octoBookingsVsPortal: round(octoBookings.rps / portalBookings.rps, 3) };
}

/** Hands out slots in turn, each until its budget is spent, so stock is spread over many dates. */
export function slotPicker(slots) {
  const pool = slots.map((slot) => ({ ...slot }));
  // Interleaved by offer and date rather than in date order, so concurrent bookings rarely share a slot.
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  let cursor = 0;
  return () => {
    for (let tried = 0; tried < pool.length; tried += 1) {
      const slot = pool[cursor++ % pool.length];
      if (slot.budget > 0) {
        slot.budget -= 1;
        return slot;
      }
    }
    return null;
  };
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `"422 adults: Sold out"`: what a refused booking said, to tell sold out from other refusals. */
function refusalKind({ status, body }) {
  const parsed = parseJson(body);
  const detail = Array.isArray(parsed)
    ? parsed.map((item) => `${item.fieldName}: ${item.errorMessage}`).join('; ')
    : (parsed?.message ?? body.slice(0, 80));
  return `${status} ${detail}`.slice(0, 160).trim();
}

/**
 * Books `slots` end to end for `seconds` after a warm-up (whose bookings also take stock): each
 * attempt a fresh `Idempotency-Key`, `cookies` spread round-robin over the clients. 201 is a
 * booking; every other answer is counted by what it said.
 */
export async function runBookingLoad(baseUrl, { cookies, slots, paymentMethod, seconds, warmupSeconds, connections }) {
  const nextSlot = slotPicker(slots);
  const agent = keepAliveAgent(connections);
  const url = `${baseUrl}/api/v1/b2b/bookings`;
  let exhausted = false;
  const task = (client) => {
    const slot = nextSlot();
    if (!slot) {
      exhausted = true;
      return null;
    }
    const { offerId, date, time, adults } = slot;
    const body = JSON.stringify({ offerId, date, time, adults, children: 0, infants: 0, ...GUEST, paymentMethod });
    const headers = { cookie: cookies[client % cookies.length], 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    return send(url, { method: 'POST', headers, body, agent });
  };
  const refusals = {};
  // What the portal made of each booking: cash on a live slot before its cut-off should be `completed`.
  const bookedAs = {};
  const countAnswer = (response) => {
    if (response.status === 201) {
      const status = parseJson(response.body)?.status ?? 'unreadable';
      bookedAs[status] = (bookedAs[status] ?? 0) + 1;
      return;
    }
    if (response.status < 300) return;
    const kind = refusalKind(response);
    if (kind in refusals || Object.keys(refusals).length < MAX_REFUSAL_KINDS) refusals[kind] = (refusals[kind] ?? 0) + 1;
  };
  try {
    if (warmupSeconds > 0) await measurePhase({ seconds: warmupSeconds, connections }, task);
    const measured = await measurePhase({ seconds, connections }, task, countAnswer);
    const booked = measured.statuses[201] ?? 0;
    return {
      perSecond: round(booked / measured.seconds, 1),
      p50: measured.p50,
      p99: measured.p99,
      statuses: measured.statuses,
      bookedAs,
      refusals,
      errors: measured.errors,
      ...(measured.firstError ? { firstError: measured.firstError } : {}),
      attempts: measured.requests,
      attemptsPerSecond: measured.rps,
      seconds: measured.seconds,
      paymentMethod,
      slots: slots.length,
      slotsExhausted: exhausted,
    };
  } finally {
    agent.destroy();
  }
}

const TEST_CARD = '4242 4242 4242 4242';
const SETTLE_POLL_MS = 50;
const SETTLE_TIMEOUT_MS = 20_000;

/**
 * Card checkouts end to end through the sandbox gateway: book by card (stock held, the
 * sandbox charge started) → pay the hosted charge with a test card (the sandbox's test-mode
 * endpoint, as the hosted page's button does) → the return (`GET /api/payments/{id}`, polled
 * while open) and the signed webhook, delivered by the job queue, race to complete the booking.
 * One latency per whole checkout; only completed bookings count.
 */
export async function runCardCheckoutLoad(baseUrl, { cookies, slots, seconds, warmupSeconds, connections }) {
  const nextSlot = slotPicker(slots);
  const agent = keepAliveAgent(connections);
  const outcomes = {};
  /** Milliseconds per step, so a slow step shows itself (profile before optimising). */
  const steps = { book: [], card: [], settle: [] };
  const checkout = async (client) => {
    const slot = nextSlot();
    if (!slot) return null;
    const started = Date.now();
    const cookie = cookies[client % cookies.length];
    const json = { cookie, 'content-type': 'application/json' };
    const { offerId, date, time, adults } = slot;
    const booked = await send(`${baseUrl}/api/v1/b2b/bookings`, {
      method: 'POST',
      headers: { ...json, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ offerId, date, time, adults, children: 0, infants: 0, ...GUEST, paymentMethod: 'card' }),
      agent,
    });
    const bookedAt = Date.now();
    steps.book.push(bookedAt - started);
    // Counted by what the refusal said, so sold-out slots are told from a real failure.
    if (booked.status !== 201) return { latency: Date.now() - started, status: booked.status, outcome: `book ${refusalKind(booked)}` };
    const payment = parseJson(booked.body);
    const chargeId = payment?.nextAction?.url?.split('/').pop();
    if (!chargeId) return { latency: Date.now() - started, status: booked.status, outcome: 'no charge' };
    const card = await send(`${baseUrl}/api/payments/sandbox/${chargeId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cardNumber: TEST_CARD }), agent });
    if (card.status !== 200) return { latency: Date.now() - started, status: card.status, outcome: `card ${card.status}` };
    const paidAt = Date.now();
    steps.card.push(paidAt - bookedAt);
    for (const deadline = started + SETTLE_TIMEOUT_MS; Date.now() < deadline; ) {
      const state = await send(`${baseUrl}/api/payments/${payment.paymentId}`, { headers: { cookie }, agent });
      const result = parseJson(state.body);
      if (result?.bookingStatus === 'completed') {
        steps.settle.push(Date.now() - paidAt);
        return { latency: Date.now() - started, status: 201, outcome: 'completed' };
      }
      if (result?.status === 'failed') return { latency: Date.now() - started, status: 402, outcome: 'failed' };
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
    return { latency: Date.now() - started, status: 504, outcome: 'not settled' };
  };
  const count = (response) => {
    outcomes[response.outcome] = (outcomes[response.outcome] ?? 0) + 1;
  };
  try {
    if (warmupSeconds > 0) await measurePhase({ seconds: warmupSeconds, connections }, checkout);
    const measured = await measurePhase({ seconds, connections }, checkout, count);
    const completed = outcomes.completed ?? 0;
    const stepP50 = Object.fromEntries(Object.entries(steps).map(([step, values]) => [step, percentile(values, 50)]));
    return { perSecond: round(completed / measured.seconds, 1), p50: measured.p50, p99: measured.p99, stepP50, outcomes, errors: measured.errors, ...(measured.firstError ? { firstError: measured.firstError } : {}), seconds: measured.seconds };
  } finally {
    agent.destroy();
  }
}
