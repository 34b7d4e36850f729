import 'server-only';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { analyticsEvents, telemetryEvents } from '@/server/db/schema';
import { FUNNEL_STAGES } from '@/shared/telemetry/analytics-events';

// The collector's read side (docs/telemetry.md#collector): what the console's `/ops/telemetry`
// shows from the rows the collector stored. Each function is one query over an indexed range of
// `occurred_at` (the browser's clock, clamped to the time of arrival by the collector), for a
// period and optionally one host. Days are calendar days in Dubai, as every date of the portal.

/** A half-open period `[from, to)`, optionally of one host (a Host name without its port) and one language. */
export type TelemetryPeriod = { from: Date; to: Date; host?: string; locale?: string };

/** The Web Vitals the browser reports as metrics (the collector stores them as kind `metric`). */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

const DAY_ZONE = 'Asia/Dubai';

/** An error group: one exception message on one page. */
export type ErrorGroup = {
  message: string;
  /** The exception's type of the latest occurrence (`TypeError`, `CLIENT_SESSION_ERROR`…). */
  name: string;
  path: string | null;
  count: number;
  lastOccurredAt: Date;
  /** The hosts it happened on. */
  hosts: string[];
  /** The sessions of its latest occurrences, newest first (at most five): the console links each to its replay. */
  sessionIds: string[];
};

/** One stored exception of a group. */
export type ErrorOccurrence = {
  id: number;
  occurredAt: Date;
  name: string;
  message: string | null;
  severity: number | null;
  host: string;
  path: string | null;
  locale: string | null;
  sessionId: string | null;
  authUser: string | null;
  agencyId: string | null;
  /** The stack and whatever else the item carried. */
  properties: Record<string, unknown> | null;
};

export type VitalP75 = { host: string; path: string | null; metric: WebVital; p75: number; count: number };

export type FunnelRow = { host: string; locale: string | null; stages: Record<(typeof FUNNEL_STAGES)[number], number> };

export type DayCount = { day: string; count: number };

export type VitalDay = { day: string; metric: WebVital; p75: number; count: number };

const SESSIONS_PER_GROUP = 5;

function inPeriod(column: typeof telemetryEvents.occurredAt | typeof analyticsEvents.occurredAt, period: TelemetryPeriod): SQL {
  return and(gte(column, period.from), lt(column, period.to))!;
}

/** The calendar day in Dubai of a timestamp column, as `YYYY-MM-DD`. */
function dubaiDay(column: SQL | typeof telemetryEvents.occurredAt | typeof analyticsEvents.occurredAt): SQL<string> {
  // The zone inlined, not a parameter: the select and the group by must be the same expression.
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${DAY_ZONE}'`)}, 'YYYY-MM-DD')`;
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/**
 * Browser exceptions grouped by message and page, most frequent first: how often, when last, on
 * which hosts, and the sessions of the latest occurrences.
 */
export async function listErrorGroups(db: Database, period: TelemetryPeriod, options: { limit?: number } = {}): Promise<ErrorGroup[]> {
  const message = sql<string>`coalesce(${telemetryEvents.message}, ${telemetryEvents.name})`;
  const lastOccurredAt = sql`max(${telemetryEvents.occurredAt})`;
  const rows = await db
    .select({
      message,
      path: telemetryEvents.path,
      count: sql<number>`count(*)`.mapWith(Number),
      lastOccurredAt: lastOccurredAt.mapWith(toDate),
      name: sql<string>`(array_agg(${telemetryEvents.name} order by ${telemetryEvents.occurredAt} desc))[1]`,
      hosts: sql<string[]>`array_agg(distinct ${telemetryEvents.host})`,
      // A few more than shown: the same session often has several of the latest occurrences.
      sessionIds: sql<(string | null)[]>`(array_agg(${telemetryEvents.sessionId} order by ${telemetryEvents.occurredAt} desc) filter (where ${telemetryEvents.sessionId} is not null))[1:50]`,
    })
    .from(telemetryEvents)
    .where(and(eq(telemetryEvents.kind, 'exception'), inPeriod(telemetryEvents.occurredAt, period), hostIs(telemetryEvents.host, period), localeIs(telemetryEvents.locale, period)))
    .groupBy(message, telemetryEvents.path)
    .orderBy(desc(sql`count(*)`), desc(lastOccurredAt))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({
    ...row,
    hosts: textArray(row.hosts).sort(),
    sessionIds: [...new Set(textArray(row.sessionIds))].slice(0, SESSIONS_PER_GROUP),
  }));
}

/** The latest occurrences of one error group (message and page), newest first. */
export async function listErrorOccurrences(
  db: Database,
  group: { message: string; path: string | null },
  period: TelemetryPeriod,
  options: { limit?: number } = {},
): Promise<ErrorOccurrence[]> {
  const pathIs = group.path === null ? sql`${telemetryEvents.path} is null` : eq(telemetryEvents.path, group.path);
  const rows = await db
    .select({
      id: telemetryEvents.id,
      occurredAt: telemetryEvents.occurredAt,
      name: telemetryEvents.name,
      message: telemetryEvents.message,
      severity: telemetryEvents.severity,
      host: telemetryEvents.host,
      path: telemetryEvents.path,
      locale: telemetryEvents.locale,
      sessionId: telemetryEvents.sessionId,
      authUser: telemetryEvents.authUser,
      agencyId: telemetryEvents.agencyId,
      properties: telemetryEvents.properties,
    })
    .from(telemetryEvents)
    .where(
      and(
        eq(telemetryEvents.kind, 'exception'),
        inPeriod(telemetryEvents.occurredAt, period),
        hostIs(telemetryEvents.host, period), localeIs(telemetryEvents.locale, period),
        sql`coalesce(${telemetryEvents.message}, ${telemetryEvents.name}) = ${group.message}`,
        pathIs,
      ),
    )
    .orderBy(desc(telemetryEvents.occurredAt), desc(telemetryEvents.id))
    .limit(options.limit ?? 20);
  return rows;
}

/** Web Vitals' 75th percentile per host, page and metric (as Google reports them), most measured first. */
export async function listVitalsP75(db: Database, period: TelemetryPeriod, options: { limit?: number } = {}): Promise<VitalP75[]> {
  const rows = await db
    .select({
      host: telemetryEvents.host,
      path: telemetryEvents.path,
      metric: telemetryEvents.name,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${telemetryEvents.value})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(telemetryEvents)
    .where(and(eq(telemetryEvents.kind, 'metric'), inArray(telemetryEvents.name, [...WEB_VITALS]), sql`${telemetryEvents.value} is not null`, inPeriod(telemetryEvents.occurredAt, period), hostIs(telemetryEvents.host, period), localeIs(telemetryEvents.locale, period)))
    .groupBy(telemetryEvents.host, telemetryEvents.path, telemetryEvents.name)
    .orderBy(desc(sql`count(*)`), telemetryEvents.host, telemetryEvents.path, telemetryEvents.name)
    .limit(options.limit ?? 500);
  return rows.map((row) => ({ ...row, metric: row.metric as WebVital }));
}

/**
 * The funnel (search → tour → checkout → booked): distinct browser sessions that reached each
 * stage, per host and language, over the period. A stage counts a session whatever it did before.
 */
export async function listFunnel(db: Database, period: TelemetryPeriod): Promise<FunnelRow[]> {
  const rows = await db
    .select({
      host: analyticsEvents.host,
      locale: analyticsEvents.locale,
      stage: analyticsEvents.name,
      sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(and(inArray(analyticsEvents.name, [...FUNNEL_STAGES]), inPeriod(analyticsEvents.occurredAt, period), hostIs(analyticsEvents.host, period), localeIs(analyticsEvents.locale, period)))
    .groupBy(analyticsEvents.host, analyticsEvents.locale, analyticsEvents.name);
  const funnels = new Map<string, FunnelRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.host, row.locale]);
    let funnel = funnels.get(key);
    if (!funnel) {
      funnel = { host: row.host, locale: row.locale, stages: Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, 0])) as FunnelRow['stages'] };
      funnels.set(key, funnel);
    }
    funnel.stages[row.stage as (typeof FUNNEL_STAGES)[number]] = row.sessions;
  }
  return [...funnels.values()].sort((a, b) => a.host.localeCompare(b.host) || (a.locale ?? '').localeCompare(b.locale ?? ''));
}

/** Browser exceptions per calendar day (Dubai) of the period, every day listed (0 when none). */
export async function countErrorsPerDay(db: Database, period: TelemetryPeriod): Promise<DayCount[]> {
  const day = dubaiDay(telemetryEvents.occurredAt);
  const rows = await db
    .select({ day, count: sql<number>`count(*)`.mapWith(Number) })
    .from(telemetryEvents)
    .where(and(eq(telemetryEvents.kind, 'exception'), inPeriod(telemetryEvents.occurredAt, period), hostIs(telemetryEvents.host, period), localeIs(telemetryEvents.locale, period)))
    .groupBy(day);
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  return daysOf(period).map((date) => ({ day: date, count: counts.get(date) ?? 0 }));
}

/** Each Web Vital's 75th percentile per calendar day (Dubai), over every page (or the period's host); days without a measurement are left out. */
export async function listVitalsP75PerDay(db: Database, period: TelemetryPeriod, options: { path?: string } = {}): Promise<VitalDay[]> {
  const day = dubaiDay(telemetryEvents.occurredAt);
  const rows = await db
    .select({
      day,
      metric: telemetryEvents.name,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${telemetryEvents.value})`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(telemetryEvents)
    .where(
      and(
        eq(telemetryEvents.kind, 'metric'),
        inArray(telemetryEvents.name, [...WEB_VITALS]),
        sql`${telemetryEvents.value} is not null`,
        inPeriod(telemetryEvents.occurredAt, period),
        hostIs(telemetryEvents.host, period), localeIs(telemetryEvents.locale, period),
        options.path === undefined ? undefined : eq(telemetryEvents.path, options.path),
      ),
    )
    .groupBy(day, telemetryEvents.name)
    .orderBy(day, telemetryEvents.name);
  return rows.map((row) => ({ ...row, metric: row.metric as WebVital }));
}

function hostIs(column: typeof telemetryEvents.host | typeof analyticsEvents.host, period: TelemetryPeriod): SQL | undefined {
  return period.host === undefined ? undefined : eq(column, period.host);
}

function localeIs(column: typeof telemetryEvents.locale | typeof analyticsEvents.locale, period: TelemetryPeriod): SQL | undefined {
  return period.locale === undefined ? undefined : eq(column, period.locale);
}

/** A PostgreSQL text array as both drivers return it (an array; PGlite may give its literal). */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  if (typeof value === 'string' && value.startsWith('{') && value.endsWith('}')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((entry) => entry.replace(/^"(.*)"$/, '$1')).filter((entry) => entry !== 'NULL');
  }
  return [];
}

/** Every calendar day in Dubai that the period touches, as `YYYY-MM-DD`. */
export function daysOf(period: Pick<TelemetryPeriod, 'from' | 'to'>): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: DAY_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days: string[] = [];
  const last = format.format(new Date(period.to.getTime() - 1));
  // Dubai has no daylight saving: a day is always 24 hours.
  for (let at = period.from.getTime(); ; at += 24 * 3600 * 1000) {
    const day = format.format(new Date(at));
    if (days.at(-1) !== day) days.push(day);
    if (day >= last || days.length > 3660) break;
  }
  return days;
}
