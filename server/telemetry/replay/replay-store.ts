import 'server-only';
import { gunzipSync } from 'node:zlib';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { recordStaffAudit } from '@/server/audit/audit';
import { hitWindowLimit } from '@/server/auth/rate-limits';
import type { Database } from '@/server/db/connection';
import { agencies, replayAgencySettings, replayChunks, replaySessions, telemetryEvents } from '@/server/db/schema';
import { DomainError, NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { PayloadTooLarge } from '@/server/http/request-body';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import {
  isSampled,
  REPLAY_END_REASONS,
  REPLAY_MAX_CHUNK_EVENTS,
  REPLAY_MAX_CHUNK_JSON_BYTES,
  REPLAY_MAX_SESSION_BYTES,
  REPLAY_SESSION_ID,
  REPLAY_UPLOADS_PER_MINUTE,
} from '@/shared/telemetry/replay';
import { replayRetentionDays, replaySampleRate } from './replay-settings';

// Session replay's store (docs/telemetry.md "## Replay"): the recorder's gzipped chunks, checked
// and kept in `replay_chunks` under their session's row; read back for the console's player;
// pruned after the retention; deleted per agency by an operator.

/** The session is not recorded (sampling, the agency's opt-out) or is another agency's: 403, and the recorder stops. */
export class ReplayNotRecorded extends DomainError {
  constructor() {
    super('forbidden', 'replay.notRecorded');
  }
}

/** The upload's metadata, in its query: the body is the chunk's gzipped bytes. */
export const replayUploadQuerySchema = z.object({
  sessionId: z.string().regex(REPLAY_SESSION_ID),
  seq: z.coerce.number().int().min(0).max(1_000_000),
  locale: z.enum(LOCALES).optional(),
  /** The page the chunk began on (path only). */
  path: z.string().max(2048).startsWith('/').optional(),
  /** Set on the recording's last chunk. */
  end: z.enum(REPLAY_END_REASONS).optional(),
});
export type ReplayUploadQuery = z.output<typeof replayUploadQuerySchema>;

/** The decision endpoint's query. */
export const replayDecisionQuerySchema = z.object({ sessionId: z.string().regex(REPLAY_SESSION_ID) });

/**
 * An rrweb event as the recorder emits it: a type (0 DomContentLoaded … 6 Plugin), the browser's
 * time, its data. The data's shape is rrweb's; only that it is an object is checked here.
 */
const replayEventSchema = z.looseObject({
  type: z.number().int().min(0).max(6),
  timestamp: z.number().finite().positive(),
  data: z.unknown(),
});
const replayEventsSchema = z.array(replayEventSchema).min(1).max(REPLAY_MAX_CHUNK_EVENTS);

/** Who is uploading, as the server knows it (never from the body). */
export type ReplayUploader = { host: string; authUser: string | null; agencyId: string | null };

export type StoredChunk = { stored: boolean; sessionBytes: number };

/** Whether this session is recorded: the sampling decision and the agent's agency's opt-out. */
export async function shouldRecord(db: Database, sessionId: string, agencyId: string | null, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!isSampled(sessionId, replaySampleRate(env))) return false;
  if (agencyId === null) return true;
  const [settings] = await db.select({ optedOut: replayAgencySettings.optedOut }).from(replayAgencySettings).where(eq(replayAgencySettings.agencyId, agencyId));
  return !settings?.optedOut;
}

/** The events of a gzipped chunk, or a typed refusal: too large once inflated (413), not gzip, JSON or rrweb events (422). */
export function decodeReplayChunk(bytes: Uint8Array): { json: string; events: z.output<typeof replayEventsSchema> } {
  let json: string;
  try {
    json = gunzipSync(bytes, { maxOutputLength: REPLAY_MAX_CHUNK_JSON_BYTES }).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PayloadTooLarge();
    throw new RuleViolation('errors.validationError');
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new RuleViolation('errors.validationError');
  }
  const parsed = replayEventsSchema.safeParse(value);
  if (!parsed.success) throw new RuleViolation('errors.validationError');
  return { json, events: parsed.data };
}

/**
 * Keeps one chunk of a recording: refused for a session that is not recorded (403), one uploading
 * too fast (429), bytes that are no rrweb events (422) or past the session's cap (413); a chunk
 * sent again (a retry) is stored once. The session's row is made by its first chunk.
 */
export async function storeReplayChunk(
  db: Database,
  query: ReplayUploadQuery,
  bytes: Uint8Array,
  uploader: ReplayUploader,
  now = new Date(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<StoredChunk> {
  if (!(await shouldRecord(db, query.sessionId, uploader.agencyId, env))) throw new ReplayNotRecorded();
  const limit = await hitWindowLimit(db, { key: `replay:${query.sessionId}`, limit: REPLAY_UPLOADS_PER_MINUTE, windowSeconds: 60 }, now);
  if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
  const { events } = decodeReplayChunk(bytes);
  const times = events.map((event) => event.timestamp);
  const firstEventAt = new Date(Math.min(...times));
  const lastEventAt = new Date(Math.max(...times));
  const size = bytes.byteLength;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ bytes: replaySessions.bytes, agencyId: replaySessions.agencyId })
      .from(replaySessions)
      .where(eq(replaySessions.sessionId, query.sessionId))
      .for('update');
    // A session id is the browser's: one that an agency's agent recorded is not added to by anyone else.
    if (existing?.agencyId && existing.agencyId !== uploader.agencyId) throw new ReplayNotRecorded();
    if ((existing?.bytes ?? 0) + size > REPLAY_MAX_SESSION_BYTES) throw new PayloadTooLarge();
    if (!existing) {
      await tx
        .insert(replaySessions)
        .values({
          sessionId: query.sessionId,
          host: uploader.host,
          locale: query.locale ?? null,
          authUser: uploader.authUser,
          agencyId: uploader.agencyId,
          entryPath: query.path ?? null,
          startedAt: firstEventAt,
          lastEventAt,
          receivedAt: now,
        })
        .onConflictDoNothing();
    }
    const inserted = await tx
      .insert(replayChunks)
      .values({ sessionId: query.sessionId, seq: query.seq, firstEventAt, lastEventAt, eventCount: events.length, data: bytes, bytes: size, receivedAt: now })
      .onConflictDoNothing()
      .returning({ seq: replayChunks.seq });
    if (inserted.length === 0) return { stored: false, sessionBytes: existing?.bytes ?? 0 };
    const [updated] = await tx
      .update(replaySessions)
      .set({
        startedAt: sql`least(${replaySessions.startedAt}, ${firstEventAt.toISOString()}::timestamptz)`,
        lastEventAt: sql`greatest(${replaySessions.lastEventAt}, ${lastEventAt.toISOString()}::timestamptz)`,
        receivedAt: now,
        bytes: sql`${replaySessions.bytes} + ${size}`,
        chunkCount: sql`${replaySessions.chunkCount} + 1`,
        eventCount: sql`${replaySessions.eventCount} + ${events.length}`,
        // A signed-in agent's first upload names the session; an anonymous one leaves what is there.
        authUser: sql`coalesce(${replaySessions.authUser}, ${uploader.authUser})`,
        agencyId: sql`coalesce(${replaySessions.agencyId}, ${uploader.agencyId}::uuid)`,
        ...(query.end ? { endedReason: query.end } : {}),
      })
      .where(eq(replaySessions.sessionId, query.sessionId))
      .returning({ bytes: replaySessions.bytes });
    return { stored: true, sessionBytes: updated?.bytes ?? size };
  });
}

export type ReplaySessionRow = typeof replaySessions.$inferSelect;

/** A session's row, or null. */
export async function loadReplaySession(db: Database, sessionId: string): Promise<ReplaySessionRow | null> {
  const [row] = await db.select().from(replaySessions).where(eq(replaySessions.sessionId, sessionId));
  return row ?? null;
}

/**
 * The session's events as one JSON array, in recording order, for the player: the chunks are
 * joined as text (each was checked when stored), never parsed again here.
 */
export async function loadReplayEventsJson(db: Database, sessionId: string): Promise<string | null> {
  const chunks = await db.select({ data: replayChunks.data }).from(replayChunks).where(eq(replayChunks.sessionId, sessionId)).orderBy(asc(replayChunks.firstEventAt), asc(replayChunks.seq));
  if (chunks.length === 0) return null;
  const parts = chunks.map((chunk) => gunzipSync(chunk.data).toString('utf8').trim().slice(1, -1).trim()).filter((part) => part.length > 0);
  return `[${parts.join(',')}]`;
}

export type ReplayTimelineItem = {
  id: number;
  occurredAt: Date;
  kind: string;
  name: string;
  severity: number | null;
  message: string | null;
  path: string | null;
  value: number | null;
};

/** The session's telemetry (`telemetry_events` of the same session id), oldest first, for the player's side list. */
export async function loadReplayTimeline(db: Database, sessionId: string, limit = 500): Promise<ReplayTimelineItem[]> {
  return db
    .select({
      id: telemetryEvents.id,
      occurredAt: telemetryEvents.occurredAt,
      kind: telemetryEvents.kind,
      name: telemetryEvents.name,
      severity: telemetryEvents.severity,
      message: telemetryEvents.message,
      path: telemetryEvents.path,
      value: telemetryEvents.value,
    })
    .from(telemetryEvents)
    .where(eq(telemetryEvents.sessionId, sessionId))
    .orderBy(asc(telemetryEvents.occurredAt), asc(telemetryEvents.id))
    .limit(limit);
}

export type ReplayListFilters = { agencyId?: string; before?: Date };

export type ReplayListRow = ReplaySessionRow & { agencyName: string | null };

/** The newest recordings (50 a page), optionally of one agency, each with its agency's name. */
export async function listReplaySessions(db: Database, filters: ReplayListFilters = {}, pageSize = 50): Promise<{ rows: ReplayListRow[]; next: Date | null }> {
  const conditions = [filters.agencyId ? eq(replaySessions.agencyId, filters.agencyId) : undefined, filters.before ? lt(replaySessions.startedAt, filters.before) : undefined];
  const found = await db
    .select({ session: replaySessions, agencyName: agencies.name })
    .from(replaySessions)
    .leftJoin(agencies, eq(agencies.id, replaySessions.agencyId))
    .where(and(...conditions))
    .orderBy(desc(replaySessions.startedAt))
    .limit(pageSize + 1);
  const rows = found.slice(0, pageSize).map(({ session, agencyName }) => ({ ...session, agencyName }));
  const next = found.length > pageSize ? (rows[pageSize - 1]?.startedAt ?? null) : null;
  return { rows, next };
}

/** A session's row with its agency's name, or null. */
export async function loadReplaySessionView(db: Database, sessionId: string): Promise<ReplayListRow | null> {
  const [found] = await db
    .select({ session: replaySessions, agencyName: agencies.name })
    .from(replaySessions)
    .leftJoin(agencies, eq(agencies.id, replaySessions.agencyId))
    .where(eq(replaySessions.sessionId, sessionId));
  return found ? { ...found.session, agencyName: found.agencyName } : null;
}

/** An agency's replay choices (no row: recorded, kept for REPLAY_RETENTION_DAYS). */
export async function loadAgencyReplaySummary(db: Database, agencyId: string): Promise<{ sessions: number; bytes: number; optedOut: boolean; retentionDays: number | null }> {
  const [[counts], [settings]] = await Promise.all([
    db
      .select({ sessions: sql<number>`count(*)::integer`, bytes: sql<number>`coalesce(sum(${replaySessions.bytes}), 0)::bigint` })
      .from(replaySessions)
      .where(eq(replaySessions.agencyId, agencyId)),
    db.select().from(replayAgencySettings).where(eq(replayAgencySettings.agencyId, agencyId)),
  ]);
  return { sessions: Number(counts?.sessions ?? 0), bytes: Number(counts?.bytes ?? 0), optedOut: settings?.optedOut ?? false, retentionDays: settings?.retentionDays ?? null };
}

/**
 * The `replays.prune` job: recordings whose last chunk is older than the retention go (their
 * chunks with them, by the foreign key); an agency given a shorter retention loses its sooner.
 */
export async function pruneReplays(db: Database, now = new Date(), env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const days = replayRetentionDays(env);
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const expired = await db.delete(replaySessions).where(lte(replaySessions.receivedAt, cutoff)).returning({ sessionId: replaySessions.sessionId });
  const shorter = await db
    .select({ agencyId: replayAgencySettings.agencyId, retentionDays: replayAgencySettings.retentionDays })
    .from(replayAgencySettings)
    .where(and(isNotNull(replayAgencySettings.retentionDays), lt(replayAgencySettings.retentionDays, days)));
  let count = expired.length;
  for (const agency of shorter) {
    const agencyCutoff = new Date(now.getTime() - (agency.retentionDays ?? days) * 86_400_000);
    const deleted = await db
      .delete(replaySessions)
      .where(and(eq(replaySessions.agencyId, agency.agencyId), lte(replaySessions.receivedAt, agencyCutoff)))
      .returning({ sessionId: replaySessions.sessionId });
    count += deleted.length;
  }
  return count;
}

async function requireAgency(db: Database, agencyId: string): Promise<void> {
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw new NotFound();
}

/** An operator deletes every recording of an agency's agents: one statement and its audit entry, together. */
export async function deleteAgencyReplays(db: Database, staff: StaffPrincipal, agencyId: string): Promise<{ deleted: number }> {
  await requireAgency(db, agencyId);
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(replaySessions).where(eq(replaySessions.agencyId, agencyId)).returning({ sessionId: replaySessions.sessionId });
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId,
      entity: 'agency',
      entityId: agencyId,
      action: 'replay.deleteAll',
      changes: { replays: { from: deleted.length, to: 0 } },
    });
    return { deleted: deleted.length };
  });
}

/** An operator deletes one recording (audited with the agency it belonged to, when it had one). */
export async function deleteReplaySession(db: Database, staff: StaffPrincipal, sessionId: string): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(replaySessions).where(inArray(replaySessions.sessionId, [sessionId])).returning({ agencyId: replaySessions.agencyId });
    if (deleted.length > 0) {
      await recordStaffAudit(tx, {
        actorStaffId: staff.staffId,
        agencyId: deleted[0]?.agencyId ?? null,
        entity: 'replay',
        entityId: null,
        action: 'replay.delete',
        changes: { sessionId: { from: sessionId, to: null } },
      });
    }
    return { deleted: deleted.length };
  });
}

/** An operator sets an agency's replay choices: opted out (nothing recorded; what was recorded is kept until deleted) and a shorter retention. */
export async function setAgencyReplaySettings(
  db: Database,
  staff: StaffPrincipal,
  agencyId: string,
  choice: { optedOut: boolean; retentionDays: number | null },
): Promise<void> {
  await requireAgency(db, agencyId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(replayAgencySettings).where(eq(replayAgencySettings.agencyId, agencyId)).for('update');
    await tx
      .insert(replayAgencySettings)
      .values({ agencyId, optedOut: choice.optedOut, retentionDays: choice.retentionDays })
      .onConflictDoUpdate({ target: replayAgencySettings.agencyId, set: { optedOut: choice.optedOut, retentionDays: choice.retentionDays, updatedAt: new Date() } });
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId,
      entity: 'agency',
      entityId: agencyId,
      action: 'replay.settings',
      changes: {
        optedOut: { from: before?.optedOut ?? false, to: choice.optedOut },
        retentionDays: { from: before?.retentionDays ?? null, to: choice.retentionDays },
      },
    });
  });
}
