import 'server-only';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { isDatabaseKnownDown, noteDatabaseError } from '@/server/db/health';
import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsEventRow, TelemetryEventRow } from './envelope-mapping';
import { telemetrySettings } from './telemetry-settings';

// Where accepted browser telemetry is written (docs/telemetry.md#collector). Batches are not
// written one by one: they wait in this process's buffer for TELEMETRY_FLUSH_MS (200 ms) and are
// written together, in one transaction of bulk inserts. At 500 batches a second that is five
// transactions a second instead of five hundred, and the browser's answer never waits for the
// database.
//
// The trade-off, chosen knowingly: a batch is answered 200 before it is stored, so the SDK will
// not send it again. What is lost:
// - on `kill -9` (or a crash): what arrived in the last TELEMETRY_FLUSH_MS, and a write in flight;
// - on SIGTERM: nothing (the graceful shutdown flushes the buffer before closing the database);
// - while the database is down: nothing at first — a failed write puts its rows back and is tried
//   again each second; the endpoint answers 503 meanwhile (so the SDK keeps its batches) — until
//   the buffer is full, when new batches are refused with 503 too and the SDK keeps them.
// TELEMETRY_FLUSH_MS=0 writes each batch before answering instead (nothing lost to a kill; each
// answer waits for its insert; bench/README.md has both figures).

/** One request's rows, written together or not at all. */
export type TelemetryBatchRows = { events: TelemetryEventRow[]; analytics: AnalyticsEventRow[]; bytes: number };

/**
 * The buffer's bounds: a process keeps at most this much waiting (the bodies' size, which bounds
 * their rows' memory) and this many rows. Past them a batch is refused with 503, which the SDK
 * retries later.
 */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;
export const MAX_PENDING_ROWS = 100_000;
/** Rows per INSERT, and the JSON they may take (a row may hold a 32,768-character message and stack). */
const ROWS_PER_STATEMENT = 2_000;
const JSON_PER_STATEMENT = 4 * 1024 * 1024;
/** How soon a write that met an outage is tried again. */
const OUTAGE_RETRY_MS = 1_000;

export class TelemetryBuffer {
  private pending: TelemetryBatchRows[] = [];
  private pendingBytes = 0;
  private pendingRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly database: () => Promise<Database>,
    private readonly flushMs: () => number,
  ) {}

  /** Takes a batch for the next write; false when the buffer is full (the caller answers 503). */
  offer(batch: TelemetryBatchRows): boolean {
    const rows = batch.events.length + batch.analytics.length;
    if (this.pendingBytes + batch.bytes > MAX_PENDING_BYTES || this.pendingRows + rows > MAX_PENDING_ROWS) return false;
    this.pending.push(batch);
    this.pendingBytes += batch.bytes;
    this.pendingRows += rows;
    this.schedule(this.flushMs());
    return true;
  }

  /** Rows waiting to be written. */
  get size(): number {
    return this.pendingRows;
  }

  /** Writes everything waiting now, after any write in progress (the shutdown, and tests). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    const taken = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.pendingRows = 0;
    this.writing = this.write(taken).finally(() => {
      this.writing = null;
      if (this.pending.length > 0) this.schedule(isDatabaseKnownDown() ? OUTAGE_RETRY_MS : this.flushMs());
    });
    await this.writing;
  }

  /** One timer at a time; while a write runs, its end schedules the next. */
  private schedule(delayMs: number) {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async write(taken: TelemetryBatchRows[]): Promise<void> {
    const db = await this.database().catch(() => null);
    if (!db) return this.putBack(taken);
    try {
      await insertTelemetryRows(db, taken);
      return;
    } catch (error) {
      if (noteDatabaseError(error)) return this.putBack(taken);
      console.error('[telemetry] a write of browser telemetry failed; writing its batches one by one', error);
    }
    // Not an outage: a row the database refused. Batch by batch, so only the batch holding it is lost.
    for (const [index, batch] of taken.entries()) {
      try {
        await insertTelemetryRows(db, [batch]);
      } catch (error) {
        if (noteDatabaseError(error)) return this.putBack(taken.slice(index));
        console.error('[telemetry] a batch of browser telemetry could not be stored and was dropped', error);
      }
    }
  }

  /** Rows of a write that met an outage go back in front, as many as the bounds allow. */
  private putBack(batches: TelemetryBatchRows[]) {
    const kept: TelemetryBatchRows[] = [];
    let bytes = this.pendingBytes;
    let rows = this.pendingRows;
    let dropped = 0;
    for (const batch of batches) {
      const batchRows = batch.events.length + batch.analytics.length;
      if (bytes + batch.bytes > MAX_PENDING_BYTES || rows + batchRows > MAX_PENDING_ROWS) {
        dropped += batchRows;
        continue;
      }
      kept.push(batch);
      bytes += batch.bytes;
      rows += batchRows;
    }
    this.pending = [...kept, ...this.pending];
    this.pendingBytes = bytes;
    this.pendingRows = rows;
    if (dropped > 0) console.warn(`[telemetry] the database is down and the buffer is full: ${dropped} rows of browser telemetry dropped`);
  }
}

/** Every batch's rows in one transaction: a batch is stored whole or not at all. */
export async function insertTelemetryRows(db: Database, batches: TelemetryBatchRows[]): Promise<void> {
  const events = batches.flatMap((batch) => batch.events);
  const analytics = batches.flatMap((batch) => batch.analytics);
  if (events.length === 0 && analytics.length === 0) return;
  const statements = [...statementsOf(events, eventRecord, insertEvents), ...statementsOf(analytics, analyticsRecord, insertAnalytics)];
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}

// The rows travel as one JSON parameter that the database turns back into rows
// (`jsonb_to_recordset`), not as a parameter per value: building a multi-row VALUES insert cost the
// server about 60 µs of CPU a row (2.9 ms for a batch of 50, more than the rest of the request),
// the JSON about 3 µs. Columns and their types are the schema's (server/db/schema/telemetry.ts).

const EVENT_COLUMNS = sql.raw('occurred_at, kind, name, severity, message, value, host, path, locale, session_id, user_id, auth_user, agency_id, properties');
const EVENT_TYPES = sql.raw(
  'occurred_at timestamptz, kind text, name text, severity smallint, message text, value double precision, host text, path text, locale text, session_id text, user_id text, auth_user text, agency_id uuid, properties jsonb',
);
const ANALYTICS_COLUMNS = sql.raw('occurred_at, name, host, locale, session_id, auth_user, agency_id, properties');
const ANALYTICS_TYPES = sql.raw('occurred_at timestamptz, name text, host text, locale text, session_id text, auth_user text, agency_id uuid, properties jsonb');

const insertEvents = (json: string): SQL =>
  sql`insert into telemetry_events (${EVENT_COLUMNS}) select ${EVENT_COLUMNS} from jsonb_to_recordset(${json}::jsonb) as r(${EVENT_TYPES})`;
const insertAnalytics = (json: string): SQL =>
  sql`insert into analytics_events (${ANALYTICS_COLUMNS}) select ${ANALYTICS_COLUMNS} from jsonb_to_recordset(${json}::jsonb) as r(${ANALYTICS_TYPES})`;

function eventRecord(row: TelemetryEventRow): string {
  return JSON.stringify({
    occurred_at: row.occurredAt,
    kind: row.kind,
    name: row.name,
    severity: row.severity ?? null,
    message: row.message ?? null,
    value: row.value ?? null,
    host: row.host,
    path: row.path ?? null,
    locale: row.locale ?? null,
    session_id: row.sessionId ?? null,
    user_id: row.userId ?? null,
    auth_user: row.authUser ?? null,
    agency_id: row.agencyId ?? null,
    properties: row.properties ?? null,
  });
}

function analyticsRecord(row: AnalyticsEventRow): string {
  return JSON.stringify({
    occurred_at: row.occurredAt,
    name: row.name,
    host: row.host,
    locale: row.locale ?? null,
    session_id: row.sessionId ?? null,
    auth_user: row.authUser ?? null,
    agency_id: row.agencyId ?? null,
    properties: row.properties ?? null,
  });
}

/** The rows' inserts, each of at most ROWS_PER_STATEMENT rows and about JSON_PER_STATEMENT of JSON. */
function statementsOf<Row>(rows: Row[], record: (row: Row) => string, insert: (json: string) => SQL): SQL[] {
  const statements: SQL[] = [];
  let records: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = record(row);
    if (records.length > 0 && (records.length >= ROWS_PER_STATEMENT || size + json.length > JSON_PER_STATEMENT)) {
      statements.push(insert(`[${records.join(',')}]`));
      records = [];
      size = 0;
    }
    records.push(json);
    size += json.length + 1;
  }
  if (records.length > 0) statements.push(insert(`[${records.join(',')}]`));
  return statements;
}

// One buffer per process, shared by every bundle (the route handler's, and instrumentation's for
// the shutdown), hence globalThis.
const globalForTelemetry = globalThis as typeof globalThis & { traveldeskTelemetryBuffer?: TelemetryBuffer };

function processBuffer(): TelemetryBuffer {
  globalForTelemetry.traveldeskTelemetryBuffer ??= new TelemetryBuffer(getDb, () => telemetrySettings().flushMs);
  return globalForTelemetry.traveldeskTelemetryBuffer;
}

/**
 * Stores one request's rows: into the buffer (false when it is full), or at once when
 * TELEMETRY_FLUSH_MS is 0 (an outage then throws, and the request answers 503).
 */
export async function storeTelemetryRows(db: Database, batch: TelemetryBatchRows): Promise<boolean> {
  if (telemetrySettings().flushMs === 0) {
    await insertTelemetryRows(db, [batch]);
    return true;
  }
  return processBuffer().offer(batch);
}

/** Writes what this process's buffer holds (the graceful shutdown; tests). */
export async function flushTelemetryBuffer(): Promise<void> {
  await globalForTelemetry.traveldeskTelemetryBuffer?.flush();
}
