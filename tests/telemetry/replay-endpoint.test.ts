import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { GET as replayEvents } from '@/app/api/ops/telemetry/replays/[sessionId]/route';
import { GET as decide, POST as upload } from '@/app/api/telemetry/replay/route';
import type { Principal } from '@/server/auth/principal';
import { markDatabaseDown, markDatabaseUp } from '@/server/db/health-state';
import { agencies, auditLog, replayAgencySettings, replayChunks, replaySessions, staffMembers } from '@/server/db/schema';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { deleteAgencyReplays, loadReplayEventsJson, pruneReplays, setAgencyReplaySettings } from '@/server/telemetry/replay/replay-store';
import { REPLAY_MAX_CHUNK_BYTES, REPLAY_MAX_SESSION_BYTES, REPLAY_UPLOADS_PER_MINUTE } from '@/shared/telemetry/replay';
import { agentRequest, apiRequest, ORIGIN, segment, serveRoutesFrom, session, staffSession } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Session replay's endpoint and store on a real database (PGlite, and PostgreSQL in CI): a chunk
// is checked (size, gzip, rrweb events), rate-limited per session and stored once; the session's
// row takes its host, agent and agency from the server's side; the console reads the recording
// back; retention and an agency's deletion remove sessions with their chunks.

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../support/route-requests')).mockedStaffPrincipalModule());

let database: TestDatabase;
let operator: StaffPrincipal;
const agencyA = randomUUID();
const agencyB = randomUUID();
const agent: Principal = { userId: randomUUID(), email: 'agent@replay.test', name: 'Agent', role: 'admin', agencyId: agencyA, agencyName: 'A Tours', agencyApproved: true };
const other: Principal = { ...agent, userId: randomUUID(), email: 'other@replay.test', agencyId: agencyB, agencyName: 'B Tours' };

beforeAll(async () => {
  database = await createTestDatabase();
  serveRoutesFrom(database);
  const [staff] = await database.db
    .insert(staffMembers)
    .values({ email: 'ops@replay.test', name: 'Ops', passwordHash: 'x', totpSecret: 'x', role: 'operator-admin' })
    .returning();
  operator = { staffId: staff!.id, email: staff!.email, name: staff!.name, role: staff!.role };
  await database.db.insert(agencies).values([
    { id: agencyA, name: 'A Tours', status: 'active' },
    { id: agencyB, name: 'B Tours', status: 'active' },
  ]);
});
afterAll(() => database.dispose());
beforeEach(() => {
  // The default depends on the database (the demo records everything): the tests say what they mean.
  vi.stubEnv('REPLAY_SAMPLE_RATE', '1');
  vi.stubEnv('REPLAY_RETENTION_DAYS', '14');
  session.principal = null;
  staffSession.staff = null;
});
afterEach(() => {
  vi.unstubAllEnvs();
  markDatabaseUp();
});

let sessions = 0;
/** A fresh session id of the SDK's shape (22 characters). */
function newSessionId(): string {
  sessions += 1;
  return `Rp${String(sessions).padStart(4, '0')}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

const T0 = Date.parse('2026-11-20T10:00:00Z');
function events(count: number, from = T0) {
  return [
    { type: 4, timestamp: from, data: { href: 'http://localhost:3000/', width: 1280, height: 720 } },
    ...Array.from({ length: count - 1 }, (_, index) => ({ type: 3, timestamp: from + (index + 1) * 100, data: { source: 1, positions: [] } })),
  ];
}
const gz = (value: unknown) => new Uint8Array(gzipSync(typeof value === 'string' ? value : JSON.stringify(value)));

function post(sessionId: string, seq: number, body: Uint8Array, options: { signedIn?: boolean; query?: Record<string, string>; host?: string } = {}) {
  const query = new URLSearchParams({ sessionId, seq: String(seq), locale: 'ru', path: '/tours', ...options.query });
  const init = { body: body as BodyInit, headers: { 'content-type': 'application/octet-stream', ...(options.host ? { host: options.host } : {}) } };
  return upload(options.signedIn ? agentRequest(`/api/telemetry/replay?${query}`, init) : apiRequest(`/api/telemetry/replay?${query}`, init));
}

async function sessionRow(sessionId: string) {
  const [row] = await database.db.select().from(replaySessions).where(eq(replaySessions.sessionId, sessionId));
  return row;
}
async function chunkCount(sessionId: string) {
  return (await database.db.select({ seq: replayChunks.seq }).from(replayChunks).where(eq(replayChunks.sessionId, sessionId))).length;
}

describe('POST /api/telemetry/replay', () => {
  it('stores a chunk under a session made from the server’s side: the request’s host, the signed-in agent and agency', async () => {
    session.principal = agent;
    const id = newSessionId();
    const first = await post(id, 0, gz(events(5)), { signedIn: true, host: 'partner.localhost:3000' });
    expect(first.status).toBe(204);
    expect(await sessionRow(id)).toMatchObject({
      host: 'partner.localhost:3000',
      locale: 'ru',
      authUser: 'agent@replay.test',
      agencyId: agencyA,
      entryPath: '/tours',
      chunkCount: 1,
      eventCount: 5,
      startedAt: new Date(T0),
      lastEventAt: new Date(T0 + 400),
      endedReason: null,
    });
    // A retried chunk is stored once; the next one adds to the session and may end it.
    expect((await post(id, 0, gz(events(5)), { signedIn: true })).status).toBe(204);
    expect((await post(id, 1, gz(events(3, T0 + 60_000)), { signedIn: true, query: { end: 'inactivity' } })).status).toBe(204);
    const row = await sessionRow(id);
    expect(row).toMatchObject({ chunkCount: 2, eventCount: 8, lastEventAt: new Date(T0 + 60_200), endedReason: 'inactivity' });
    expect(await chunkCount(id)).toBe(2);
  });

  it('records an anonymous visitor with no agent or agency, and never lets another agency add to an agency’s session', async () => {
    const anonymous = newSessionId();
    expect((await post(anonymous, 0, gz(events(2)))).status).toBe(204);
    expect(await sessionRow(anonymous)).toMatchObject({ authUser: null, agencyId: null, host: 'localhost:3000' });

    session.principal = agent;
    const id = newSessionId();
    expect((await post(id, 0, gz(events(2)), { signedIn: true })).status).toBe(204);
    session.principal = other;
    expect((await post(id, 1, gz(events(2)), { signedIn: true })).status).toBe(403);
    expect(await chunkCount(id)).toBe(1);
  });

  it('refuses what is not a gzipped array of rrweb events (422) and a bad query (422), storing nothing', async () => {
    const id = newSessionId();
    const answers = await Promise.all([
      post(id, 0, new TextEncoder().encode(JSON.stringify(events(2)))),
      post(id, 1, gz('not json')),
      post(id, 2, gz({ type: 3 })),
      post(id, 3, gz([])),
      post(id, 4, gz([{ type: 9, timestamp: T0, data: {} }])),
      post(id, 5, gz([{ type: 3, timestamp: 'yesterday', data: {} }])),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 422]);
    expect((await post('bad id with spaces', 0, gz(events(2)))).status).toBe(422);
    expect((await post(id, -1, gz(events(2)))).status).toBe(422);
    expect((await post(id, 0, gz(events(2)), { query: { end: 'bored' } })).status).toBe(422);
    expect((await post(id, 0, gz(events(2)), { query: { locale: 'de' } })).status).toBe(422);
    expect(await sessionRow(id)).toBeUndefined();
  });

  it('refuses a body over the chunk limit, a chunk that inflates past its limit, and a session past its cap (413)', async () => {
    const id = newSessionId();
    const tooBig = new Uint8Array(REPLAY_MAX_CHUNK_BYTES + 1);
    expect((await post(id, 0, tooBig)).status).toBe(413);
    // 9 MB of JSON whitespace gzips to a few KB: refused once it inflates past 8 MB.
    const bomb = gz(`[${' '.repeat(9 * 1024 * 1024)}]`);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect((await post(id, 1, bomb)).status).toBe(413);
    expect(await sessionRow(id)).toBeUndefined();

    expect((await post(id, 2, gz(events(2)))).status).toBe(204);
    await database.db.update(replaySessions).set({ bytes: REPLAY_MAX_SESSION_BYTES - 10 }).where(eq(replaySessions.sessionId, id));
    expect((await post(id, 3, gz(events(2)))).status).toBe(413);
    expect(await chunkCount(id)).toBe(1);
  });

  it(`takes ${REPLAY_UPLOADS_PER_MINUTE} uploads a minute per session, then answers 429 with Retry-After`, async () => {
    const id = newSessionId();
    for (let seq = 0; seq < REPLAY_UPLOADS_PER_MINUTE; seq += 1) expect((await post(id, seq, gz(events(2)))).status).toBe(204);
    const flooded = await post(id, REPLAY_UPLOADS_PER_MINUTE, gz(events(2)));
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await chunkCount(id)).toBe(REPLAY_UPLOADS_PER_MINUTE);
    // Another session is not held back by this one.
    expect((await post(newSessionId(), 0, gz(events(2)))).status).toBe(204);
  });

  it('answers 503 while the database is known to be down, storing nothing', async () => {
    const id = newSessionId();
    markDatabaseDown();
    const response = await post(id, 0, gz(events(2)), { query: { locale: 'en' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Server is under maintenance' });
    // In the page's language, which the upload names.
    expect(await (await post(id, 0, gz(events(2)))).json()).toEqual({ message: 'Сервер на техническом обслуживании' });
    expect((await decide(apiRequest(`/api/telemetry/replay?sessionId=${id}`))).status).toBe(503);
    markDatabaseUp();
    expect(await sessionRow(id)).toBeUndefined();
  });

  it('records nothing when the sample rate leaves the session out or its agency opted out (403), and says so to the recorder', async () => {
    const id = newSessionId();
    vi.stubEnv('REPLAY_SAMPLE_RATE', '0');
    expect(await (await decide(apiRequest(`/api/telemetry/replay?sessionId=${id}`))).json()).toEqual({ record: false });
    const refused = await post(id, 0, gz(events(2)), { query: { locale: 'en' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This session is not recorded.' });

    vi.stubEnv('REPLAY_SAMPLE_RATE', '1');
    expect(await (await decide(apiRequest(`/api/telemetry/replay?sessionId=${id}`))).json()).toEqual({ record: true });
    await database.db.insert(replayAgencySettings).values({ agencyId: agencyB, optedOut: true });
    session.principal = other;
    expect(await (await decide(agentRequest(`/api/telemetry/replay?sessionId=${id}`))).json()).toEqual({ record: false });
    expect((await post(id, 0, gz(events(2)), { signedIn: true })).status).toBe(403);
    expect(await sessionRow(id)).toBeUndefined();
    await database.db.delete(replayAgencySettings).where(eq(replayAgencySettings.agencyId, agencyB));
  });
});

describe('GET /api/ops/telemetry/replays/[sessionId]', () => {
  it('gives staff the recording as one array in order, 404 for an unknown session, and nothing to anyone else', async () => {
    const id = newSessionId();
    await post(id, 1, gz(events(2, T0 + 10_000)));
    await post(id, 0, gz(events(3)));
    staffSession.staff = operator;
    const response = await replayEvents(apiRequest(`/api/ops/telemetry/replays/${id}`), segment({ sessionId: id }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { timestamp: number }[];
    expect(body.map((event) => event.timestamp)).toEqual([T0, T0 + 100, T0 + 200, T0 + 10_000, T0 + 10_100]);
    expect((await replayEvents(apiRequest('/api/ops/telemetry/replays/x'), segment({ sessionId: newSessionId() }))).status).toBe(404);
    // Replays are the operator admin's (ops:telemetry): an operator is refused.
    staffSession.staff = { ...operator, role: 'operator' };
    expect((await replayEvents(apiRequest(`/api/ops/telemetry/replays/${id}`), segment({ sessionId: id }))).status).toBe(403);
    staffSession.staff = null;
    session.principal = agent;
    expect((await replayEvents(agentRequest(`/api/ops/telemetry/replays/${id}`, { headers: { origin: ORIGIN } }), segment({ sessionId: id }))).status).toBe(401);
  });
});

describe('retention and deletion', () => {
  async function recorded(agencyId: string | null, receivedAt: Date): Promise<string> {
    const id = newSessionId();
    session.principal = agencyId === agencyA ? agent : agencyId === agencyB ? other : null;
    expect((await post(id, 0, gz(events(2)), { signedIn: agencyId !== null })).status).toBe(204);
    await database.db.update(replaySessions).set({ receivedAt }).where(eq(replaySessions.sessionId, id));
    return id;
  }
  const days = (count: number) => new Date(Date.now() - count * 86_400_000);

  it('prunes the sessions (and their chunks) last heard of before REPLAY_RETENTION_DAYS, sooner for an agency given fewer days', async () => {
    const old = await recorded(null, days(15));
    const recent = await recorded(null, days(13));
    const agencyOld = await recorded(agencyB, days(4));
    const agencyRecent = await recorded(agencyB, days(2));
    await database.db.insert(replayAgencySettings).values({ agencyId: agencyB, retentionDays: 3 });
    expect(await pruneReplays(database.db)).toBeGreaterThanOrEqual(2);
    expect(await sessionRow(old)).toBeUndefined();
    expect(await chunkCount(old)).toBe(0);
    expect(await loadReplayEventsJson(database.db, old)).toBeNull();
    expect(await sessionRow(agencyOld)).toBeUndefined();
    expect(await sessionRow(recent)).toBeDefined();
    expect(await sessionRow(agencyRecent)).toBeDefined();

    vi.stubEnv('REPLAY_RETENTION_DAYS', '1');
    await pruneReplays(database.db);
    expect(await sessionRow(recent)).toBeUndefined();
    await database.db.delete(replayAgencySettings).where(eq(replayAgencySettings.agencyId, agencyB));
  });

  it('deletes every replay of one agency for an operator, audited, and leaves the others', async () => {
    const mine = [await recorded(agencyA, new Date()), await recorded(agencyA, new Date())];
    const theirs = await recorded(agencyB, new Date());
    const anonymous = await recorded(null, new Date());
    const { deleted } = await deleteAgencyReplays(database.db, operator, agencyA);
    expect(deleted).toBeGreaterThanOrEqual(2);
    for (const id of mine) expect(await sessionRow(id)).toBeUndefined();
    expect(await sessionRow(theirs)).toBeDefined();
    expect(await sessionRow(anonymous)).toBeDefined();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agencyA), eq(auditLog.action, 'replay.deleteAll')));
    expect(entry).toMatchObject({ actorStaffId: operator.staffId, entity: 'agency', entityId: agencyA, changes: { replays: { from: deleted, to: 0 } } });
  });

  it('records an agency’s opt-out and retention with an audit entry, and the opt-out stops its recording', async () => {
    await setAgencyReplaySettings(database.db, operator, agencyA, { optedOut: true, retentionDays: 7 });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agencyA), eq(auditLog.action, 'replay.settings')));
    expect(entry?.changes).toEqual({ optedOut: { from: false, to: true }, retentionDays: { from: null, to: 7 } });
    session.principal = agent;
    expect((await post(newSessionId(), 0, gz(events(2)), { signedIn: true })).status).toBe(403);
    await setAgencyReplaySettings(database.db, operator, agencyA, { optedOut: false, retentionDays: null });
    expect((await post(newSessionId(), 0, gz(events(2)), { signedIn: true })).status).toBe(204);
  });
});
