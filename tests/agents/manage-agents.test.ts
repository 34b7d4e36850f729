import { and, eq } from 'drizzle-orm';
import { peekAccountToken } from '@/server/account/account-tokens';
import { listAgencyAgents, listAgentChanges } from '@/server/agents/agent-queries';
import { createAgentSchema, type AgentInput } from '@/shared/agents/agent-schema';
import { createAgent, deleteAgent, resendInvite, restoreAgent, updateAgent } from '@/server/agents/manage-agents';
import { startSession } from '@/server/auth/sessions';
import { authenticateAgent } from '@/server/auth/authenticate';
import { loadPrincipal, type Principal } from '@/server/auth/principal';
import { accountTokens, auditLog, mailOutbox, users } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { listOutboxMail } from '@/server/mail/outbox-queries';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const context = { locale: 'en' as const, origin: 'http://localhost:3430' };
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAgencies(database.db);
});
afterAll(() => database.dispose());

/** A new agent's fields with an e-mail no other test uses. */
function newAgent(overrides: Partial<AgentInput> = {}): AgentInput {
  sequence += 1;
  return { name: 'Nadia Karim', email: `agent${sequence}@gulfhorizons.test`, phone: '+971 50 111 2233', role: 'junior', jobTitle: 'Travel Consultant', ...overrides };
}

function tokenOf(text: string): string {
  const token = /reset-password\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No invitation link in: ${text}`);
  return token;
}

async function userRow(id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`No user ${id}`);
  return row;
}

async function auditOf(entityId: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

/** Everything a refused call must leave untouched. */
async function snapshot() {
  const { db } = database;
  return {
    users: await db.select().from(users).orderBy(users.id),
    audit: await db.$count(auditLog),
    mail: await db.$count(mailOutbox),
    tokens: await db.$count(accountTokens),
  };
}

async function expectRule(promise: Promise<unknown>, code: string, field?: string) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RuleViolation);
  expect((error as RuleViolation).code).toBe(code);
  if (field) expect((error as RuleViolation).field).toBe(field);
}

const address = '203.0.113.50';

describe('createAgent', () => {
  it('stores an agent awaiting e-mail verification and mails an invitation whose link works', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const input = newAgent();
    const { id } = await createAgent(db, admin, input, context);

    const user = await userRow(id);
    expect(user).toMatchObject({ agencyId: admin.agencyId, email: input.email, name: input.name, role: 'junior', status: 'emailNotVerified', jobTitle: 'Travel Consultant' });
    // Nobody can sign in before choosing a password through the link.
    expect(await authenticateAgent(db, { email: input.email, password: '', address })).toEqual({ ok: false, reason: 'invalidCredentials' });

    const [mail] = await listOutboxMail(db, input.email);
    expect(mail).toMatchObject({ kind: 'invite', subject: 'You are invited to Gulf Horizons Tours on Traveldesk B2B' });
    expect(mail!.textBody).toContain('Rashid Al Mansoori has added you to Gulf Horizons Tours on Traveldesk B2B as Junior agent.');
    expect(mail!.textBody).toContain('http://localhost:3430/reset-password?token=');
    expect(await peekAccountToken(db, tokenOf(mail!.textBody), ['invite'])).toEqual({ userId: id, purpose: 'invite' });

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'user.create', actorUserId: admin.userId, agencyId: admin.agencyId });
    expect(entry!.changes).toMatchObject({ email: { from: null, to: input.email }, role: { from: null, to: 'junior' }, status: { from: null, to: 'emailNotVerified' } });
  });

  it('writes the invitation in the admin’s language, linking to the Russian page', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const input = newAgent({ name: 'Ольга Смирнова', role: 'senior' });
    await createAgent(db, admin, input, { locale: 'ru', origin: 'http://ru.localhost:3000' });
    const [mail] = await listOutboxMail(db, input.email);
    expect(mail!.subject).toBe('Приглашение в Gulf Horizons Tours на Traveldesk B2B');
    expect(mail!.textBody).toContain('Здравствуйте, Ольга Смирнова!');
    expect(mail!.textBody).toContain('Старший агент');
    expect(mail!.textBody).toContain('http://ru.localhost:3000/ru/reset-password?token=');
  });

  it('refuses an e-mail already in use, in any agency and any case, and writes nothing', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const before = await snapshot();
    const input = createAgentSchema.parse({ ...newAgent(), email: 'Senior@PalmCoast.test' });
    await expectRule(createAgent(db, admin, input, context), 'agents.emailTaken', 'email');
    expect(await snapshot()).toEqual(before);
  });
});

describe('the agent form schema', () => {
  const valid = { name: 'Anna Maria Petrova', email: 'anna@example.test', phone: '', role: 'junior', jobTitle: '' };

  it('accepts letters of any script and lower-cases the e-mail', () => {
    expect(createAgentSchema.parse({ ...valid, name: 'Ольга Смирнова', email: ' Olga@Example.TEST ' })).toMatchObject({
      name: 'Ольга Смирнова',
      email: 'olga@example.test',
      phone: null,
      jobTitle: null,
    });
  });

  it.each([
    ['a name with digits', { name: 'Agent 007' }, 'name', 'agents.errors.nameLetters'],
    ['a blank name', { name: '   ' }, 'name', 'agents.errors.required'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'agents.errors.email'],
    ['a phone with letters', { phone: '+971 CALL ME' }, 'phone', 'agents.errors.phone'],
    ['an unknown role', { role: 'owner' }, 'role', 'agents.errors.role'],
  ])('refuses %s with its message at the field', (_case, change, field, message) => {
    const result = createAgentSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    // The form shows a field's first message.
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
    expect(result.error?.issues.every((issue) => issue.path[0] === field)).toBe(true);
  });
});

describe('updateAgent', () => {
  it('changes the details and role and audits each field from/to', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const { id } = await createAgent(db, admin, newAgent(), context);
    const user = await userRow(id);
    const edited = { name: 'Nadia Karim Haddad', email: user.email, phone: null, role: 'senior' as const, jobTitle: 'Team Lead' };

    expect(await updateAgent(db, admin, id, edited, context)).toEqual({ name: 'Nadia Karim Haddad', changed: ['name', 'phone', 'role', 'jobTitle'], reinvited: false });
    expect(await userRow(id)).toMatchObject(edited);
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({
      action: 'user.update',
      actorUserId: admin.userId,
      changes: {
        name: { from: 'Nadia Karim', to: 'Nadia Karim Haddad' },
        phone: { from: '+971 50 111 2233', to: null },
        role: { from: 'junior', to: 'senior' },
        jobTitle: { from: 'Travel Consultant', to: 'Team Lead' },
      },
    });
  });

  it('writes nothing when nothing changed', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const senior = await userRow((await principalFor(db, 'senior@gulfhorizons.test')).userId);
    const before = await snapshot();
    const same = { name: senior.name, email: senior.email, phone: senior.phone, role: senior.role, jobTitle: senior.jobTitle };
    expect(await updateAgent(db, admin, senior.id, same, context)).toMatchObject({ changed: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('sends a new invitation when the e-mail of an unverified agent changes; the old link stops working', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const input = newAgent();
    const { id } = await createAgent(db, admin, input, context);
    const oldToken = tokenOf((await listOutboxMail(db, input.email))[0]!.textBody);
    const moved = { ...input, email: `moved-${input.email}` };

    expect(await updateAgent(db, admin, id, moved, context)).toMatchObject({ changed: ['email'], reinvited: true });
    expect(await peekAccountToken(db, oldToken, ['invite'])).toBeNull();
    const newToken = tokenOf((await listOutboxMail(db, moved.email))[0]!.textBody);
    expect(await peekAccountToken(db, newToken, ['invite'])).toEqual({ userId: id, purpose: 'invite' });
  });

  it('refuses an e-mail another agent uses, at the e-mail field, and changes nothing', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const junior = await userRow((await principalFor(db, 'junior@gulfhorizons.test')).userId);
    const before = await snapshot();
    const taken = { name: junior.name, email: 'admin@desertrose.test', phone: junior.phone, role: junior.role, jobTitle: junior.jobTitle };
    await expectRule(updateAgent(db, admin, junior.id, taken, context), 'agents.emailTaken', 'email');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to demote the last active admin', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@palmcoast.test');
    const self = await userRow(admin.userId);
    const before = await snapshot();
    const demoted = { name: self.name, email: self.email, phone: self.phone, role: 'senior' as const, jobTitle: self.jobTitle };
    await expectRule(updateAgent(db, admin, admin.userId, demoted, context), 'agents.lastAdmin', 'role');
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin step down once another admin is active', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@palmcoast.test');
    const senior = await userRow((await principalFor(db, 'senior@palmcoast.test')).userId);
    const fields = (row: typeof senior) => ({ name: row.name, email: row.email, phone: row.phone, jobTitle: row.jobTitle });
    await updateAgent(db, admin, senior.id, { ...fields(senior), role: 'admin' }, context);
    const self = await userRow(admin.userId);
    await updateAgent(db, admin, admin.userId, { ...fields(self), role: 'senior' }, context);
    expect((await userRow(admin.userId)).role).toBe('senior');

    // Put Palm Coast back as seeded: the new admin restores the old one and steps down.
    const newAdmin = await principalFor(db, 'senior@palmcoast.test');
    await updateAgent(db, newAdmin, admin.userId, { ...fields(self), role: 'admin' }, context);
    await updateAgent(db, await principalFor(db, 'admin@palmcoast.test'), senior.id, { ...fields(senior), role: 'senior' }, context);
    expect((await userRow(senior.id)).role).toBe('senior');
  });
});

describe('deleteAgent and restoreAgent', () => {
  it('refuses to delete the admin’s own account', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const before = await snapshot();
    await expectRule(deleteAgent(db, admin, admin.userId), 'agents.cannotDeleteSelf');
    expect(await snapshot()).toEqual(before);
  });

  it('ends a deleted agent’s sign-in and session; a restore brings the sign-in back, not the session', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const junior = await principalFor(db, 'junior@gulfhorizons.test');
    const session = { userId: junior.userId, sessionId: await startSession(db, 'agent', junior.userId), kind: 'agent' as const };
    expect(await loadPrincipal(db, session)).toEqual(junior);

    expect(await deleteAgent(db, admin, junior.userId)).toEqual({ name: 'Dmitry Volkov' });
    expect((await userRow(junior.userId)).status).toBe('deleted');
    expect(await authenticateAgent(db, { email: junior.email, password: DEMO_PASSWORD, address })).toEqual({ ok: false, reason: 'invalidCredentials' });
    // Every request re-reads the session's agent: a deleted one is no principal at all.
    expect(await loadPrincipal(db, session)).toBeNull();
    expect((await auditOf(junior.userId)).at(-1)).toMatchObject({ action: 'user.delete', actorUserId: admin.userId, changes: { status: { from: 'active', to: 'deleted' } } });

    // A repeated confirmation changes nothing more.
    const before = await snapshot();
    await deleteAgent(db, admin, junior.userId);
    expect(await snapshot()).toEqual(before);

    expect(await restoreAgent(db, admin, junior.userId)).toEqual({ name: 'Dmitry Volkov', status: 'active' });
    expect((await authenticateAgent(db, { email: junior.email, password: DEMO_PASSWORD, address })).ok).toBe(true);
    expect(await loadPrincipal(db, session)).toBeNull();
    expect(await loadPrincipal(db, { userId: junior.userId, sessionId: await startSession(db, 'agent', junior.userId), kind: 'agent' })).toEqual(junior);
    expect((await auditOf(junior.userId)).at(-1)).toMatchObject({ action: 'user.restore', changes: { status: { from: 'deleted', to: 'active' } } });
  });

  it('restores an agent who never verified the e-mail to that status; its old invitation no longer works', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const input = newAgent();
    const { id } = await createAgent(db, admin, input, context);
    const token = tokenOf((await listOutboxMail(db, input.email))[0]!.textBody);

    await deleteAgent(db, admin, id);
    expect(await peekAccountToken(db, token, ['invite'])).toBeNull();
    expect(await restoreAgent(db, admin, id)).toMatchObject({ status: 'emailNotVerified' });

    await expectRule(resendInvite(db, admin, (await principalFor(db, 'senior@gulfhorizons.test')).userId, context), 'agents.alreadyVerified');
    expect(await resendInvite(db, admin, id, context)).toEqual({ email: input.email });
    const resent = tokenOf((await listOutboxMail(db, input.email))[0]!.textBody);
    expect(await peekAccountToken(db, resent, ['invite'])).toEqual({ userId: id, purpose: 'invite' });
  });

  it('refuses to edit a deleted agent', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const input = newAgent();
    const { id } = await createAgent(db, admin, input, context);
    await deleteAgent(db, admin, id);
    await expectRule(updateAgent(db, admin, id, { ...input, name: 'Someone Else' }, context), 'agents.deletedNotEditable');
    expect((await userRow(id)).name).toBe(input.name);
  });

  it('never deletes the last active admin, even for an admin deleted a moment ago', async () => {
    const { db } = database;
    const first = await principalFor(db, 'admin@desertrose.test');
    const input = newAgent({ email: 'second-admin@desertrose.test', role: 'admin' });
    const { id } = await createAgent(db, first, input, context);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, id));
    // The second admin's request was authorised just before the first admin deleted them.
    const second: Principal = await principalFor(db, input.email);
    await deleteAgent(db, first, id);

    const before = await snapshot();
    await expectRule(deleteAgent(db, second, first.userId), 'agents.lastAdmin');
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may manage agents', () => {
  it.each(['senior@gulfhorizons.test', 'junior@gulfhorizons.test'])('refuses %s every agent function and changes nothing', async (email) => {
    const { db } = database;
    const agent = await principalFor(db, email);
    const target = await principalFor(db, 'senior@gulfhorizons.test');
    const fields = { name: 'Hacker Person', email: 'new@gulfhorizons.test', phone: null, role: 'admin' as const, jobTitle: null };
    const before = await snapshot();

    await expect(listAgencyAgents(db, agent)).rejects.toBeInstanceOf(Forbidden);
    await expect(createAgent(db, agent, fields, context)).rejects.toBeInstanceOf(Forbidden);
    await expect(updateAgent(db, agent, agent.userId, fields, context)).rejects.toBeInstanceOf(Forbidden);
    await expect(deleteAgent(db, agent, target.userId)).rejects.toBeInstanceOf(Forbidden);
    await expect(restoreAgent(db, agent, target.userId)).rejects.toBeInstanceOf(Forbidden);
    await expect(resendInvite(db, agent, target.userId, context)).rejects.toBeInstanceOf(Forbidden);
    expect(await snapshot()).toEqual(before);
  });

  it('answers an admin of another agency as if the agent did not exist', async () => {
    const { db } = database;
    const outsider = await principalFor(db, 'admin@palmcoast.test');
    const target = await userRow((await principalFor(db, 'junior@gulfhorizons.test')).userId);
    const fields = { name: target.name, email: target.email, phone: target.phone, role: 'admin' as const, jobTitle: target.jobTitle };
    const before = await snapshot();

    await expect(updateAgent(db, outsider, target.id, fields, context)).rejects.toBeInstanceOf(NotFound);
    await expect(deleteAgent(db, outsider, target.id)).rejects.toBeInstanceOf(NotFound);
    await expect(restoreAgent(db, outsider, target.id)).rejects.toBeInstanceOf(NotFound);
    await expect(resendInvite(db, outsider, target.id, context)).rejects.toBeInstanceOf(NotFound);
    expect(await snapshot()).toEqual(before);
    expect((await listAgencyAgents(db, outsider)).map((agent) => agent.email)).not.toContain(target.email);
  });
});

describe('listAgencyAgents', () => {
  it('lists only the agency’s agents: active ones first, then unverified, then deleted, by name', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@palmcoast.test');
    const { id: zed } = await createAgent(db, admin, newAgent({ name: 'Zara Ali', email: 'zara@palmcoast.test' }), context);
    const { id: bea } = await createAgent(db, admin, newAgent({ name: 'bea Novak', email: 'bea@palmcoast.test' }), context);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, bea));
    const { id: carl } = await createAgent(db, admin, newAgent({ name: 'Carl Berg', email: 'carl@palmcoast.test' }), context);
    await deleteAgent(db, admin, carl);

    const agents = await listAgencyAgents(db, admin);
    expect(agents.map((agent) => [agent.name, agent.status])).toEqual([
      ['bea Novak', 'active'],
      ['Hana Yousef', 'active'],
      ['Maria Santos', 'active'],
      ['Sergei Orlov', 'active'],
      ['Zara Ali', 'emailNotVerified'],
      ['Carl Berg', 'deleted'],
    ]);
    expect(agents.find((agent) => agent.id === zed)).toEqual({
      id: zed,
      name: 'Zara Ali',
      email: 'zara@palmcoast.test',
      phone: '+971 50 111 2233',
      role: 'junior',
      jobTitle: 'Travel Consultant',
      status: 'emailNotVerified',
    });
    const tokens = await db.select().from(accountTokens).where(and(eq(accountTokens.userId, carl), eq(accountTokens.purpose, 'invite')));
    expect(tokens.every((token) => token.usedAt !== null)).toBe(true);
  });
});

describe('listAgentChanges', () => {
  it('tells who changed which agent, what and when, newest first, for the agency only', async () => {
    const { db } = database;
    const admin = await principalFor(db, 'admin@desertrose.test');
    const input = newAgent({ name: 'Leila Nasser', email: 'leila@desertrose.test' });
    const { id } = await createAgent(db, admin, input, context);
    await updateAgent(db, admin, id, { ...input, role: 'senior' }, context);
    await deleteAgent(db, admin, id);

    const changes = await listAgentChanges(db, admin, 3);
    expect(changes.map(({ kind, actorName, agentName }) => [kind, actorName, agentName])).toEqual([
      ['delete', 'Layla Haddad', 'Leila Nasser'],
      ['update', 'Layla Haddad', 'Leila Nasser'],
      ['create', 'Layla Haddad', 'Leila Nasser'],
    ]);
    expect(changes[1]!.changes).toEqual({ role: { from: 'junior', to: 'senior' } });
    const elsewhere = await listAgentChanges(db, await principalFor(db, 'admin@gulfhorizons.test'), 50);
    expect(elsewhere.some((change) => change.agentName === 'Leila Nasser')).toBe(false);
    await expect(listAgentChanges(db, await principalFor(db, 'senior@desertrose.test'))).rejects.toBeInstanceOf(Forbidden);
  });
});
