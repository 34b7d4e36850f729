import 'server-only';
import { and, count, desc, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { analyticsEvents, replaySessions, telemetryEvents, telemetrySpans } from '@/server/db/schema';
import {
  countErrorsPerDay,
  daysOf,
  listErrorGroups,
  listErrorOccurrences,
  listFunnel,
  listVitalsP75,
  listVitalsP75PerDay,
  type TelemetryPeriod,
  type WebVital,
} from '@/server/telemetry/telemetry-queries';
import { isLocale, type Locale } from '@/i18n/locales';
import { FUNNEL_STAGES } from '@/shared/telemetry/analytics-events';
import { DEFAULT_TELEMETRY_RANGE, isTelemetryRange, TELEMETRY_RANGES, type TelemetryRange } from '@/shared/telemetry/telemetry-ranges';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

// What `/ops/telemetry` shows, in one loader: the collector's read side
// (server/telemetry/telemetry-queries.ts: errors, Web Vitals, the funnel) for the page's filters,
// the last occurrences of each error group with whether its session was recorded (replay's
// `replay_sessions`), the slow server spans the tracer keeps (`telemetry_spans`), and the hosts
// seen, for the host filter. Days are Dubai's, like every date in the portal.

export type TelemetryFilters = { range: TelemetryRange; host?: string; locale?: Locale };

/** A host as the collector stores it (the request's Host: a name, maybe a port). */
const HOST = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/;

/** The page's filters from its URL; what does not parse is dropped, never an error. */
export function parseTelemetryFilters(params: Record<string, string | string[] | undefined>): TelemetryFilters {
  const one = (key: string) => {
    const value = params[key];
    return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
  };
  const range = one('period');
  const host = one('host');
  const locale = one('locale');
  return {
    range: isTelemetryRange(range) ? range : DEFAULT_TELEMETRY_RANGE,
    host: host && HOST.test(host) ? host : undefined,
    locale: isLocale(locale) ? locale : undefined,
  };
}

export type ErrorOccurrence = { occurredAt: Date; host: string; authUser: string | null; sessionId: string | null; hasReplay: boolean };
export type ConsoleErrorGroup = { message: string; typeName: string; path: string | null; count: number; hosts: string[]; lastAt: Date; last: ErrorOccurrence[] };
export type VitalRow = { path: string | null; host: string; samples: number } & Record<WebVital, number | null>;
export type VitalsDay = { day: string } & Record<WebVital, number | null>;
type Stage = (typeof FUNNEL_STAGES)[number];
export type ConsoleFunnelRow = { host: string; locale: string | null; stages: Record<Stage, number> };
export type SlowSpanGroup = { name: string; kind: string; count: number; errors: number; p75Ms: number; maxMs: number; lastAt: Date; slowestTraceId: string; hosts: string[] };

export type TelemetryConsole = {
  filters: TelemetryFilters;
  since: Date;
  until: Date;
  /** Hosts seen in the period, for the host filter. */
  hosts: string[];
  errorGroups: ConsoleErrorGroup[];
  /** Every Dubai day of the period, oldest first, with no gap on a quiet day. */
  errorsPerDay: { day: string; errors: number }[];
  vitals: VitalRow[];
  vitalsPerDay: VitalsDay[];
  funnel: ConsoleFunnelRow[];
  funnelTotals: Record<Stage, number>;
  slowSpans: SlowSpanGroup[];
};

/** How many of each list the page shows; the charts and totals count everything. */
export const CONSOLE_LIMITS = { errorGroups: 20, lastOccurrences: 3, vitalRows: 30, funnelRows: 30, slowSpans: 20, hosts: 50 } as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Everything `/ops/telemetry` shows for the filters. `now` is the period's end (a parameter so
 * tests can place rows in it). Staff only: the page checks `ops:telemetry` first.
 */
export async function loadTelemetryConsole(db: Database, _staff: StaffPrincipal, filters: TelemetryFilters, { now = new Date() }: { now?: Date } = {}): Promise<TelemetryConsole> {
  const since = new Date(now.getTime() - TELEMETRY_RANGES[filters.range] * HOUR_MS);
  // Half-open like the collector's queries: a row at `now` itself is counted.
  const period: TelemetryPeriod = { from: since, to: new Date(now.getTime() + 1), host: filters.host, locale: filters.locale };
  const [hosts, groups, errorsPerDay, vitalCells, vitalDays, funnel, slowSpans] = await Promise.all([
    listHosts(db, period),
    listErrorGroups(db, period, { limit: CONSOLE_LIMITS.errorGroups }),
    countErrorsPerDay(db, period),
    listVitalsP75(db, period),
    listVitalsP75PerDay(db, period),
    listFunnel(db, period),
    listSlowSpans(db, period),
  ]);
  const occurrences = await Promise.all(groups.map((group) => listErrorOccurrences(db, group, period, { limit: CONSOLE_LIMITS.lastOccurrences })));
  const recorded = await sessionsWithReplay(db, [...new Set(occurrences.flat().flatMap((row) => (row.sessionId ? [row.sessionId] : [])))]);
  const funnelRows = [...funnel].sort((a, b) => b.stages.search - a.stages.search || a.host.localeCompare(b.host) || (a.locale ?? '').localeCompare(b.locale ?? ''));
  return {
    filters,
    since,
    until: now,
    hosts,
    errorGroups: groups.map((group, index) => ({
      message: group.message,
      typeName: group.name,
      path: group.path,
      count: group.count,
      hosts: group.hosts,
      lastAt: group.lastOccurredAt,
      last: (occurrences[index] ?? []).map((row) => ({
        occurredAt: row.occurredAt,
        host: row.host,
        authUser: row.authUser,
        sessionId: row.sessionId,
        hasReplay: row.sessionId !== null && recorded.has(row.sessionId),
      })),
    })),
    errorsPerDay: errorsPerDay.map((row) => ({ day: row.day, errors: row.count })),
    vitals: pivotVitals(vitalCells),
    vitalsPerDay: vitalsByDay(daysOf(period), vitalDays),
    funnel: funnelRows.slice(0, CONSOLE_LIMITS.funnelRows),
    // A browser session is one host's (its cookie is), so the hosts' rows add up to all hosts'.
    funnelTotals: Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, funnel.reduce((sum, row) => sum + row.stages[stage], 0)])) as Record<Stage, number>,
    slowSpans,
  };
}

/** The hosts that sent anything in the period (whatever the host and language filters), for the host filter. */
async function listHosts(db: Database, period: TelemetryPeriod): Promise<string[]> {
  const rows = await db
    .selectDistinct({ host: telemetryEvents.host })
    .from(telemetryEvents)
    .where(and(gte(telemetryEvents.occurredAt, period.from), lt(telemetryEvents.occurredAt, period.to)))
    .union(db.selectDistinct({ host: analyticsEvents.host }).from(analyticsEvents).where(and(gte(analyticsEvents.occurredAt, period.from), lt(analyticsEvents.occurredAt, period.to))))
    .orderBy(sql`1`)
    .limit(CONSOLE_LIMITS.hosts);
  return rows.map((row) => row.host);
}

/**
 * The slow and failed server spans the tracer kept, grouped by name and kind, the slowest first.
 * Spans carry no language: the language filter leaves them as they are.
 */
async function listSlowSpans(db: Database, period: TelemetryPeriod): Promise<SlowSpanGroup[]> {
  const rows = await db
    .select({
      name: telemetrySpans.name,
      kind: telemetrySpans.kind,
      count: count(),
      errors: sql<number>`count(*) filter (where ${telemetrySpans.status} = 'error')`.mapWith(Number),
      p75Ms: sql<number>`percentile_cont(0.75) within group (order by ${telemetrySpans.durationMs})`.mapWith(Number),
      maxMs: sql<number>`max(${telemetrySpans.durationMs})`.mapWith(Number),
      lastAt: max(telemetrySpans.startedAt),
      slowestTraceId: sql<string>`(array_agg(${telemetrySpans.traceId} order by ${telemetrySpans.durationMs} desc))[1]`,
      hosts: sql<string[] | null>`array_agg(distinct ${telemetrySpans.host}) filter (where ${telemetrySpans.host} is not null)`,
    })
    .from(telemetrySpans)
    .where(
      and(
        gte(telemetrySpans.startedAt, period.from),
        lt(telemetrySpans.startedAt, period.to),
        period.host === undefined ? undefined : sql`${telemetrySpans.host} = ${period.host}`,
      ),
    )
    .groupBy(telemetrySpans.name, telemetrySpans.kind)
    .orderBy(desc(sql`max(${telemetrySpans.durationMs})`))
    .limit(CONSOLE_LIMITS.slowSpans);
  return rows.map((row) => ({ ...row, lastAt: row.lastAt ?? period.from, hosts: row.hosts ?? [] }));
}

/** Which of these browser sessions have a recorded replay (replay's `replay_sessions`): the occurrences that link to the player. */
async function sessionsWithReplay(db: Database, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db.select({ sessionId: replaySessions.sessionId }).from(replaySessions).where(inArray(replaySessions.sessionId, sessionIds));
  return new Set(rows.map((row) => row.sessionId));
}

function emptyVitals(): Record<WebVital, number | null> {
  return { LCP: null, INP: null, CLS: null, FCP: null, TTFB: null };
}

/** Each day of the period with each vital's p75 (null: not measured that day). */
function vitalsByDay(days: string[], cells: { day: string; metric: WebVital; p75: number }[]): VitalsDay[] {
  const byDay = new Map(days.map((day) => [day, { day, ...emptyVitals() }]));
  for (const cell of cells) {
    const row = byDay.get(cell.day);
    if (row) row[cell.metric] = cell.p75;
  }
  return [...byDay.values()];
}

/** One row per page and host with each vital's p75, the most measured first. */
function pivotVitals(cells: { host: string; path: string | null; metric: WebVital; p75: number; count: number }[]): VitalRow[] {
  const rows = new Map<string, VitalRow>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.path, cell.host]);
    const row = rows.get(key) ?? { path: cell.path, host: cell.host, samples: 0, ...emptyVitals() };
    row[cell.metric] = cell.p75;
    row.samples += cell.count;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.samples - a.samples || (a.path ?? '').localeCompare(b.path ?? '') || a.host.localeCompare(b.host)).slice(0, CONSOLE_LIMITS.vitalRows);
}
