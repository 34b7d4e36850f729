import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { analyticsEvents, replaySessions, telemetryEvents, telemetrySpans } from '@/server/db/schema';

// A known week of telemetry for the console's tests and the e2e seed, written straight into the
// collector's tables (the collector and the browser SDK are tested on their own): two browser
// errors on two pages, Web Vitals with a known 75th percentile, a funnel per host and language,
// slow server spans, and one row of each kind older than the longest period. Times are hours
// before `now`. Its hosts are names no real request has, so a spec filtered by one of them reads
// exactly these rows on a server other specs also send telemetry to.

export const SEED_HOSTS = { main: 'portal.telemetry.test', ru: 'ru.telemetry.test' } as const;
export const SEED_AGENT = 'junior@desertrose.test';

export const SEED_ERRORS = {
  price: { message: 'Cannot read properties of undefined (reading "price")', typeName: 'TypeError', path: '/tour/desert-safari' },
  fetch: { message: 'Failed to fetch', typeName: 'Error', path: '/checkout' },
} as const;

/** A 22-character session id, like the SDK's. */
export function seedSessionId(name: string): string {
  return `seed${name}`.padEnd(22, '0').slice(0, 22);
}

const HOUR = 60 * 60 * 1000;

type Options = { now?: Date };

/** Inserts the seed; a second call with the seed present adds nothing (specs may run it per test). */
export async function seedTelemetry(db: Database, { now = new Date() }: Options = {}): Promise<{ inserted: boolean }> {
  const marker = await db
    .select({ id: telemetryEvents.id })
    .from(telemetryEvents)
    .where(and(inArray(telemetryEvents.host, Object.values(SEED_HOSTS)), eq(telemetryEvents.kind, 'exception')))
    .limit(1);
  if (marker.length > 0) return { inserted: false };
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const main = { host: SEED_HOSTS.main, locale: 'en' } as const;
  const ru = { host: SEED_HOSTS.ru, locale: 'ru' } as const;

  const exception = (error: (typeof SEED_ERRORS)[keyof typeof SEED_ERRORS], hours: number, where: typeof main | typeof ru, session: string, authUser: string | null = null) => ({
    occurredAt: ago(hours),
    kind: 'exception',
    name: error.typeName,
    severity: 3,
    message: error.message,
    path: error.path,
    ...where,
    sessionId: seedSessionId(session),
    userId: seedSessionId(`user${session}`),
    authUser,
    properties: { stack: `${error.typeName}: ${error.message}\n    at TourPrice (webpack-internal:///./components/tour-price.tsx:12:5)` },
  });
  const vital = (name: string, value: number, hours: number, path: string, where: typeof main | typeof ru) => ({
    occurredAt: ago(hours),
    kind: 'metric',
    name,
    value,
    path,
    ...where,
    sessionId: seedSessionId('vitals'),
  });

  await db.insert(telemetryEvents).values([
    // The price error: twice in the last day, four times in the week, once three weeks ago.
    exception(SEED_ERRORS.price, 2, main, 'agent', SEED_AGENT),
    exception(SEED_ERRORS.price, 5, ru, 'guest'),
    exception(SEED_ERRORS.price, 30, main, 'agent', SEED_AGENT),
    exception(SEED_ERRORS.price, 100, main, 'older'),
    exception(SEED_ERRORS.price, 21 * 24, main, 'ancient'),
    // The fetch error: on the Russian host only, once today and once two days ago.
    exception(SEED_ERRORS.fetch, 1, ru, 'guest'),
    exception(SEED_ERRORS.fetch, 50, ru, 'guest'),
    // Not errors: a warning trace and a page view.
    { occurredAt: ago(1), kind: 'trace', name: 'trace', severity: 2, message: 'Slow image', ...main, path: '/' },
    { occurredAt: ago(1), kind: 'page_view', name: 'Home', value: 120, ...main, path: '/' },
    // LCP on the home page: p75 of 1000…4000 ms is 3250 over the week, of 1000 and 2000 is 1750 today.
    vital('LCP', 1000, 1, '/', main),
    vital('LCP', 2000, 3, '/', main),
    vital('LCP', 3000, 26, '/', main),
    vital('LCP', 4000, 27, '/', main),
    vital('LCP', 9000, 21 * 24, '/', main),
    vital('INP', 100, 1, '/', main),
    vital('INP', 200, 2, '/', main),
    vital('CLS', 0.1, 2, '/tour/desert-safari', main),
    vital('LCP', 5000, 2, '/', ru),
  ]);

  // The funnel: on the main host in English 10 sessions searched, 6 opened a tour, 3 reached
  // checkout, 1 booked (one session searched twice: counted once); on the Russian host 4, 2, 1, 0.
  const funnel: (typeof analyticsEvents.$inferInsert)[] = [];
  const reach = (where: typeof main | typeof ru, prefix: string, counts: [number, number, number, number], hours: number) => {
    const stages = ['search', 'tour_view', 'checkout_step', 'booking_placed'] as const;
    stages.forEach((stage, index) => {
      for (let session = 0; session < counts[index]!; session += 1) {
        funnel.push({ occurredAt: ago(hours - index * 0.1), name: stage, ...where, sessionId: seedSessionId(`${prefix}${session}`), properties: { step: stage } });
      }
    });
  };
  reach(main, 'm', [10, 6, 3, 1], 3);
  reach(ru, 'r', [4, 2, 1, 0], 40);
  funnel.push({ occurredAt: ago(2.5), name: 'search', ...main, sessionId: seedSessionId('m0'), properties: { query: 'safari' } });
  funnel.push({ occurredAt: ago(21 * 24), name: 'search', ...main, sessionId: seedSessionId('ancient'), properties: {} });
  funnel.push({ occurredAt: ago(1), name: 'page_view', ...main, sessionId: seedSessionId('m0'), properties: {} });
  await db.insert(analyticsEvents).values(funnel);

  const span = (name: string, kind: string, durationMs: number, status: string, hours: number, traceId: string) => ({
    traceId: traceId.padEnd(32, '0'),
    spanId: traceId.slice(0, 16).padEnd(16, '0'),
    name,
    kind,
    startedAt: ago(hours),
    durationMs,
    status,
    host: SEED_HOSTS.main,
    attributes: { 'http.route': name },
  });
  await db.insert(telemetrySpans).values([
    span('POST /checkout', 'server', 1200, 'ok', 2, 'a1'),
    span('POST /checkout', 'server', 2400, 'error', 4, 'a2'),
    span('select bookings', 'client', 800, 'ok', 30, 'a3'),
    span('POST /checkout', 'server', 9000, 'ok', 21 * 24, 'a4'),
  ]);
  // The signed-in agent's session was recorded (its chunks are the replay's own tests' subject).
  await db
    .insert(replaySessions)
    .values({ sessionId: seedSessionId('agent'), host: SEED_HOSTS.main, locale: 'en', authUser: SEED_AGENT, entryPath: '/', startedAt: ago(31), lastEventAt: ago(2) })
    .onConflictDoNothing();
  return { inserted: true };
}
