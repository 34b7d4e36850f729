import { loadTelemetryConsole, parseTelemetryFilters } from '@/server/telemetry/console/telemetry-console-queries';
import { dropOff } from '@/shared/telemetry/telemetry-ranges';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { SEED_AGENT, SEED_ERRORS, SEED_HOSTS, seedSessionId, seedTelemetry } from '../../support/telemetry-seed';

// The console's telemetry page as its one loader composes it over a known week of rows: the
// collector's queries (server/telemetry/telemetry-queries.ts, tested on their own) for the page's
// period, host and language, each error group's last occurrences with their replay mark, every
// day of the period on the charts, the vitals per page and host, the funnel's order and totals,
// the slow spans, and an empty period.

let live: TestDatabase;
const now = new Date('2026-11-28T08:30:00Z');
const admin: StaffPrincipal = { staffId: '00000000-0000-4000-8000-000000000001', email: 'ops-admin@traveldesk.test', name: 'Ops admin', role: 'operator-admin' };

beforeAll(async () => {
  live = await createTestDatabase();
  expect(await seedTelemetry(live.db, { now })).toEqual({ inserted: true });
  expect(await seedTelemetry(live.db, { now })).toEqual({ inserted: false });
});
afterAll(() => live.dispose());

const load = (params: Record<string, string>) => loadTelemetryConsole(live.db, admin, parseTelemetryFilters(params), { now });

describe('the telemetry console', () => {
  it('groups errors by message and page with counts, hosts and the last occurrences, newest first', async () => {
    const week = await load({ period: '7d' });
    expect(week.errorGroups.map((group) => [group.message, group.path, group.count, group.hosts])).toEqual([
      [SEED_ERRORS.price.message, SEED_ERRORS.price.path, 4, [SEED_HOSTS.main, SEED_HOSTS.ru]],
      [SEED_ERRORS.fetch.message, SEED_ERRORS.fetch.path, 2, [SEED_HOSTS.ru]],
    ]);
    const price = week.errorGroups[0]!;
    expect(price.typeName).toBe('TypeError');
    expect(price.lastAt).toEqual(new Date(now.getTime() - 2 * 3600_000));
    expect(price.last).toHaveLength(3);
    expect(price.last[0]).toEqual({ occurredAt: new Date(now.getTime() - 2 * 3600_000), host: SEED_HOSTS.main, authUser: SEED_AGENT, sessionId: seedSessionId('agent'), hasReplay: true });
    expect(price.last.map((occurrence) => occurrence.host)).toEqual([SEED_HOSTS.main, SEED_HOSTS.ru, SEED_HOSTS.main]);
    // The three weeks old one is in no period; the fortnight holds what the week holds.
    expect((await load({ period: '14d' })).errorGroups[0]!.count).toBe(4);
    expect((await load({ period: '24h' })).errorGroups.map((group) => group.count)).toEqual([2, 1]);
  });

  it('marks the occurrences whose session has a replay', async () => {
    const recorded = seedSessionId('agent');
    const week = await load({ period: '7d' });
    const occurrences = week.errorGroups.flatMap((group) => group.last);
    expect(occurrences.filter((occurrence) => occurrence.hasReplay).map((occurrence) => occurrence.sessionId)).toEqual([recorded, recorded]);
  });

  it('counts errors per Dubai day, with every day of the period present', async () => {
    const week = await load({ period: '7d' });
    expect(week.errorsPerDay.map((day) => day.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(week.errorsPerDay.map((day) => day.errors)).toEqual([0, 0, 0, 1, 0, 1, 1, 3]);
    expect((await load({ period: '24h' })).errorsPerDay).toEqual([
      { day: '2026-11-27', errors: 0 },
      { day: '2026-11-28', errors: 3 },
    ]);
  });

  it('filters by language', async () => {
    const english = await load({ period: '7d', locale: 'en' });
    expect(english.errorGroups.map((group) => [group.path, group.count])).toEqual([[SEED_ERRORS.price.path, 3]]);
    expect(english.vitals.every((row) => row.host === SEED_HOSTS.main)).toBe(true);
  });

  it('gives each vital p75 per page and host, and per day', async () => {
    const week = await load({ period: '7d' });
    const home = week.vitals.find((row) => row.path === '/' && row.host === SEED_HOSTS.main)!;
    expect(home).toMatchObject({ LCP: 3250, INP: 175, CLS: null, samples: 6 });
    expect(week.vitals.find((row) => row.path === '/' && row.host === SEED_HOSTS.ru)).toMatchObject({ LCP: 5000, samples: 1 });
    expect(week.vitals.find((row) => row.path === '/tour/desert-safari')).toMatchObject({ CLS: 0.1 });
    expect((await load({ period: '24h', host: SEED_HOSTS.main })).vitals).toEqual([
      expect.objectContaining({ path: '/', LCP: 1750, INP: 175 }),
      expect.objectContaining({ path: '/tour/desert-safari', CLS: 0.1 }),
    ]);
    expect(week.vitalsPerDay).toHaveLength(8);
    const today = week.vitalsPerDay.at(-1)!;
    expect(today.day).toBe('2026-11-28');
    // Today in Dubai: 1000 and 2000 on the main host, 5000 on the Russian one.
    expect(today.LCP).toBe(3500);
  });

  it('counts distinct sessions at each funnel stage per host and language, with the drop-off', async () => {
    const week = await load({ period: '7d' });
    expect(week.funnel).toEqual([
      { host: SEED_HOSTS.main, locale: 'en', stages: { search: 10, tour_view: 6, checkout_step: 3, booking_placed: 1 } },
      { host: SEED_HOSTS.ru, locale: 'ru', stages: { search: 4, tour_view: 2, checkout_step: 1, booking_placed: 0 } },
    ]);
    expect(week.funnelTotals).toEqual({ search: 14, tour_view: 8, checkout_step: 4, booking_placed: 1 });
    expect((await load({ period: '24h' })).funnelTotals).toEqual({ search: 10, tour_view: 6, checkout_step: 3, booking_placed: 1 });
    expect((await load({ period: '7d', locale: 'ru' })).funnel.map((row) => row.host)).toEqual([SEED_HOSTS.ru]);
    expect(dropOff(10, 6)).toBeCloseTo(0.4);
    expect(dropOff(2, 3)).toBe(0);
    expect(dropOff(0, 0)).toBeNull();
  });

  it('lists slow spans by name with their p75, slowest trace and errors', async () => {
    const week = await load({ period: '7d' });
    expect(week.slowSpans).toEqual([
      { name: 'POST /checkout', kind: 'server', count: 2, errors: 1, p75Ms: 2100, maxMs: 2400, lastAt: new Date(now.getTime() - 2 * 3600_000), slowestTraceId: 'a2'.padEnd(32, '0'), hosts: [SEED_HOSTS.main] },
      expect.objectContaining({ name: 'select bookings', kind: 'client', count: 1, errors: 0, maxMs: 800 }),
    ]);
    expect((await load({ period: '24h' })).slowSpans.map((span) => [span.name, span.count])).toEqual([['POST /checkout', 2]]);
    // Spans have no language: that filter keeps them.
    expect((await load({ period: '7d', locale: 'ru' })).slowSpans).toHaveLength(2);
  });

  it('filters by host and lists the period’s hosts', async () => {
    const ru = await load({ period: '7d', host: SEED_HOSTS.ru });
    expect(ru.hosts).toEqual([SEED_HOSTS.main, SEED_HOSTS.ru]);
    expect(ru.errorGroups.map((group) => [group.path, group.count])).toEqual([
      [SEED_ERRORS.fetch.path, 2],
      [SEED_ERRORS.price.path, 1],
    ]);
    expect(ru.slowSpans).toEqual([]);
  });

  it('answers an empty period with zeros on every bucket and empty lists', async () => {
    const empty = await loadTelemetryConsole(live.db, admin, parseTelemetryFilters({ period: '24h' }), { now: new Date('2026-01-01T00:00:00Z') });
    expect(empty).toMatchObject({ hosts: [], errorGroups: [], vitals: [], funnel: [], slowSpans: [], funnelTotals: { search: 0, tour_view: 0, checkout_step: 0, booking_placed: 0 } });
    expect(empty.errorsPerDay.map((day) => day.errors)).toEqual([0, 0]);
    expect(empty.vitalsPerDay.every((day) => day.LCP === null)).toBe(true);
  });

  it('reads its filters from the URL and drops what does not parse', () => {
    expect(parseTelemetryFilters({})).toEqual({ range: '7d', host: undefined, locale: undefined });
    expect(parseTelemetryFilters({ period: '14D', host: 'Partner.localhost:3000', locale: 'ru' })).toEqual({ range: '14d', host: 'partner.localhost:3000', locale: 'ru' });
    expect(parseTelemetryFilters({ period: '1y', host: "x'; drop table", locale: 'de' })).toEqual({ range: '7d', host: undefined, locale: undefined });
  });
});
