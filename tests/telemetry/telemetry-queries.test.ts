import { analyticsEvents, telemetryEvents } from '@/server/db/schema';
import {
  countErrorsPerDay,
  daysOf,
  listErrorGroups,
  listErrorOccurrences,
  listFunnel,
  listVitalsP75,
  listVitalsP75PerDay,
} from '@/server/telemetry/telemetry-queries';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The collector's read side: what the console shows from the stored rows (errors grouped by
// message and page, Web Vitals' p75 per page and host, the funnel, errors and p75 per day).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedRows();
});
afterAll(async () => database.dispose());

// 2026-11-10 and 2026-11-11 in Dubai (UTC+4): 20:30 UTC on the 10th is already the 11th there.
const at = (iso: string) => new Date(iso);
const PERIOD = { from: at('2026-11-09T20:00:00Z'), to: at('2026-11-11T20:00:00Z') };

type EventRow = typeof telemetryEvents.$inferInsert;

function exception(occurredAt: string, message: string, path: string, sessionId: string, host = 'localhost'): EventRow {
  return { occurredAt: at(occurredAt), kind: 'exception', name: 'TypeError', message, severity: 3, host, path, sessionId, locale: 'en', properties: { stack: `TypeError: ${message}\n    at x` } };
}

function vital(occurredAt: string, name: string, value: number, path: string, host = 'localhost'): EventRow {
  return { occurredAt: at(occurredAt), kind: 'metric', name, value, host, path, sessionId: 's-vitals' };
}

async function seedRows() {
  await database.db.insert(telemetryEvents).values([
    exception('2026-11-10T08:00:00Z', 'x is undefined', '/en/tour/a', 'S1'),
    exception('2026-11-10T09:00:00Z', 'x is undefined', '/en/tour/a', 'S2'),
    exception('2026-11-10T20:30:00Z', 'x is undefined', '/en/tour/a', 'S1', 'partner.localhost'),
    exception('2026-11-10T10:00:00Z', 'x is undefined', '/en/search', 'S3'),
    exception('2026-11-10T11:00:00Z', 'price failed', '/en/tour/a', 'S4'),
    // Outside the period: not counted.
    exception('2026-11-12T10:00:00Z', 'x is undefined', '/en/tour/a', 'S9'),
    { occurredAt: at('2026-11-10T09:30:00Z'), kind: 'trace', name: 'x is undefined', message: 'x is undefined', severity: 3, host: 'localhost', path: '/en/tour/a' },
    ...[100, 200, 300, 400, 500].map((value, index) => vital(`2026-11-10T0${index}:00:00Z`, 'LCP', value, '/en/tour/a')),
    vital('2026-11-10T05:00:00Z', 'CLS', 0.1, '/en/tour/a'),
    vital('2026-11-10T21:00:00Z', 'LCP', 1000, '/en/tour/a'),
    vital('2026-11-10T06:00:00Z', 'LCP', 900, '/', 'ru.localhost'),
    // A metric that is no Web Vital.
    vital('2026-11-10T06:00:00Z', 'heap', 5, '/'),
  ]);
  const event = (name: string, sessionId: string, occurredAt: string, host = 'localhost', locale = 'en') => ({ name, sessionId, occurredAt: at(occurredAt), host, locale });
  await database.db.insert(analyticsEvents).values([
    event('search', 'A', '2026-11-10T08:00:00Z'),
    event('search', 'A', '2026-11-10T08:01:00Z'),
    event('search', 'B', '2026-11-10T08:00:00Z'),
    event('search', 'C', '2026-11-10T08:00:00Z'),
    event('tour_view', 'A', '2026-11-10T08:02:00Z'),
    event('tour_view', 'B', '2026-11-10T08:02:00Z'),
    event('checkout_step', 'A', '2026-11-10T08:03:00Z'),
    event('checkout_step', 'A', '2026-11-10T08:04:00Z'),
    event('booking_placed', 'A', '2026-11-10T21:00:00Z'),
    event('page_view', 'A', '2026-11-10T08:00:00Z'),
    event('search', 'R', '2026-11-10T08:00:00Z', 'ru.localhost', 'ru'),
  ]);
}

describe('the collector’s read side', () => {
  it('groups exceptions by message and page, most frequent first, with hosts, the latest sessions and last occurrence', async () => {
    const groups = await listErrorGroups(database.db, PERIOD);
    expect(groups).toEqual([
      {
        message: 'x is undefined',
        name: 'TypeError',
        path: '/en/tour/a',
        count: 3,
        lastOccurredAt: at('2026-11-10T20:30:00Z'),
        hosts: ['localhost', 'partner.localhost'],
        sessionIds: ['S1', 'S2'],
      },
      { message: 'price failed', name: 'TypeError', path: '/en/tour/a', count: 1, lastOccurredAt: at('2026-11-10T11:00:00Z'), hosts: ['localhost'], sessionIds: ['S4'] },
      { message: 'x is undefined', name: 'TypeError', path: '/en/search', count: 1, lastOccurredAt: at('2026-11-10T10:00:00Z'), hosts: ['localhost'], sessionIds: ['S3'] },
    ]);
    // One host only.
    expect((await listErrorGroups(database.db, { ...PERIOD, host: 'partner.localhost' })).map((group) => group.count)).toEqual([1]);
  });

  it('lists a group’s latest occurrences with their stack', async () => {
    const occurrences = await listErrorOccurrences(database.db, { message: 'x is undefined', path: '/en/tour/a' }, PERIOD, { limit: 2 });
    expect(occurrences.map((row) => [row.sessionId, row.host])).toEqual([
      ['S1', 'partner.localhost'],
      ['S2', 'localhost'],
    ]);
    expect(occurrences[0]!.properties).toEqual({ stack: 'TypeError: x is undefined\n    at x' });
  });

  it('gives Web Vitals’ p75 per host, page and metric, and per day', async () => {
    const vitals = await listVitalsP75(database.db, PERIOD);
    expect(vitals).toEqual([
      { host: 'localhost', path: '/en/tour/a', metric: 'LCP', p75: 475, count: 6 },
      { host: 'localhost', path: '/en/tour/a', metric: 'CLS', p75: 0.1, count: 1 },
      { host: 'ru.localhost', path: '/', metric: 'LCP', p75: 900, count: 1 },
    ]);
    const perDay = await listVitalsP75PerDay(database.db, { ...PERIOD, host: 'localhost' });
    expect(perDay).toEqual([
      { day: '2026-11-10', metric: 'CLS', p75: 0.1, count: 1 },
      { day: '2026-11-10', metric: 'LCP', p75: 400, count: 5 },
      { day: '2026-11-11', metric: 'LCP', p75: 1000, count: 1 },
    ]);
  });

  it('counts the funnel’s distinct sessions per stage, host and language', async () => {
    expect(await listFunnel(database.db, PERIOD)).toEqual([
      { host: 'localhost', locale: 'en', stages: { search: 3, tour_view: 2, checkout_step: 1, booking_placed: 1 } },
      { host: 'ru.localhost', locale: 'ru', stages: { search: 1, tour_view: 0, checkout_step: 0, booking_placed: 0 } },
    ]);
  });

  it('counts exceptions per Dubai day, every day of the period listed', async () => {
    expect(await countErrorsPerDay(database.db, PERIOD)).toEqual([
      { day: '2026-11-10', count: 4 },
      { day: '2026-11-11', count: 1 },
    ]);
    expect(await countErrorsPerDay(database.db, { from: at('2026-11-01T20:00:00Z'), to: at('2026-11-04T20:00:00Z') })).toEqual([
      { day: '2026-11-02', count: 0 },
      { day: '2026-11-03', count: 0 },
      { day: '2026-11-04', count: 0 },
    ]);
    expect(daysOf({ from: at('2026-11-09T20:00:00Z'), to: at('2026-11-09T20:00:01Z') })).toEqual(['2026-11-10']);
  });
});
