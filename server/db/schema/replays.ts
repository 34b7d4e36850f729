import { boolean, customType, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { ReplayEndReason } from '@/shared/telemetry/replay';
import { createdAt, updatedAt } from './columns';

// Session replay (docs/telemetry.md "## Replay"): sampled browser sessions recorded with rrweb,
// every input masked, uploaded in gzip chunks to `/api/telemetry/replay`, watched by operators in
// the console next to the session's rows of `telemetry_events`, pruned after
// REPLAY_RETENTION_DAYS and deletable per agency.
//
// The chunks live in the database, not in the file storage (server/files): they are small (a few
// to a few hundred KB gzipped), written often and read only together; a session and its chunks
// are deleted in one statement (retention, an agency's deletion) with no orphaned objects left in
// a bucket when a step fails; and the storage's keys are an agency's uploads (`agency/uuid.ext`)
// while most replays are of anonymous visitors. No foreign key to agencies, as for the telemetry
// tables: inserts stay cheap and a row outlives nothing for longer than the retention.

/** Binary column (drizzle has no built-in `bytea`): Buffer on postgres.js, Uint8Array on PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

export const replaySessions = pgTable(
  'replay_sessions',
  {
    /** The telemetry SDK's session id (cookie `ai_session`), the same as `telemetry_events.session_id`. */
    sessionId: text('session_id').primaryKey(),
    /** The request's Host of the first chunk (portal, a white-label widget domain, an embed). */
    host: text('host').notNull(),
    locale: text('locale'),
    /** The signed-in agent's e-mail, from the server's session (never from the body). */
    authUser: text('auth_user'),
    /** The signed-in agent's agency, from the server's session; null for anonymous visitors. */
    agencyId: uuid('agency_id'),
    /** The page the recording started on (path only, no query). */
    entryPath: text('entry_path'),
    /** The first and the last recorded event's time (the browser's clock). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    /** When the last chunk arrived (the server's clock): retention counts from here. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stored (gzipped) bytes of all chunks; capped per session. */
    bytes: integer('bytes').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    eventCount: integer('event_count').notNull().default(0),
    /** Why the recorder ended it (REPLAY_END_REASONS), when it said so; null while it may go on. */
    endedReason: text('ended_reason').$type<ReplayEndReason>(),
  },
  (t) => [
    index('replay_sessions_agency_idx').on(t.agencyId, t.startedAt),
    index('replay_sessions_received_idx').on(t.receivedAt),
    index('replay_sessions_started_idx').on(t.startedAt),
  ],
);

/**
 * One upload of a session's recording: a gzipped JSON array of rrweb events, validated before it
 * is stored. `seq` is the recorder's chunk number, so a retried upload is stored once.
 */
export const replayChunks = pgTable(
  'replay_chunks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => replaySessions.sessionId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    firstEventAt: timestamp('first_event_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    eventCount: integer('event_count').notNull(),
    /** gzip of the chunk's events as JSON. */
    data: bytea('data').notNull(),
    bytes: integer('bytes').notNull(),
    /** 1: gzip of a JSON array of rrweb 2 events. */
    format: smallint('format').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);

/** An agency's replay choices, set by operators: no recording at all, or a shorter retention. */
export const replayAgencySettings = pgTable('replay_agency_settings', {
  agencyId: uuid('agency_id').primaryKey(),
  /** Sessions of the agency's agents are never recorded. */
  optedOut: boolean('opted_out').notNull().default(false),
  /** Days its replays are kept, when shorter than REPLAY_RETENTION_DAYS; null = the default. */
  retentionDays: integer('retention_days'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
