import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { POST as renewSites } from '@/app/api/widgets/site-renewals/route';
import type { Principal } from '@/server/auth/principal';
import { auditLog, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { Conflict, Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { checkWidgetDomain, recheckVerifiedDomains } from '@/server/widgets/domains/check-domain';
import { checkWidgetDomainAction } from '@/server/widgets/domains/domain-actions';
import { workWidgetDomainJobs } from '@/server/widgets/domains/domain-jobs';
import { principalFor } from '../support/booking-fixtures';
import { DnsTestServer } from '../support/dns-server';
import { serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The domain check against a real DNS server on loopback (dns2) and a real database: what each
// answer moves the widget's domain to, who may ask, one verified widget per domain, and the
// background re-check of verified domains.

const revalidated: string[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string) => void revalidated.push(tag),
  refresh: () => undefined,
}));
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const TARGET = 'widgets.localhost';
const ENV_KEYS = ['WIDGET_DNS_SERVERS', 'WIDGET_DNS_TIMEOUT_MS', 'WIDGET_CNAME_TARGET', 'WIDGET_A_RECORDS', 'WIDGET_DNS_RECHECK_HOURS', 'HOSTS'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let database: TestDatabase;
let dns: DnsTestServer;
let admin: Principal;
let otherAdmin: Principal;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAgencies(database.db);
  serveRoutesFrom(database);
  dns = await DnsTestServer.start();
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.WIDGET_DNS_SERVERS = dns.address;
  // A silent server answers nothing: keep the wait for it short.
  process.env.WIDGET_DNS_TIMEOUT_MS = '150';
  admin = await principalFor(database.db, 'admin@gulfhorizons.test');
  otherAdmin = await principalFor(database.db, 'admin@palmcoast.test');
});
afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await dns.close();
  await database.dispose();
});
beforeEach(() => {
  revalidated.length = 0;
  session.principal = null;
});

/** A fresh domain no other test uses. */
function newDomain(): string {
  sequence += 1;
  return `tours${sequence}.gulfhorizons-example.com`;
}

async function insertWidget(agencyId: string, domain: string | null, overrides: Partial<typeof widgets.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await database.db
    .insert(widgets)
    .values({
      agencyId,
      name: `Widget ${sequence}`,
      type: 'multi_tour',
      contacts: { company: '', address: '', email: '', telegram: '', phone: '', mapLink: '', whatsApp: '', viber: '' },
      reservationContacts: { name: '', phone: '', email: '' },
      domain,
      domainStatus: domain ? 'pending' : null,
      domainToken: `traveldesk-verify=token${sequence}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('No widget stored.');
  return row;
}

async function widgetRow(id: string) {
  const [row] = await database.db.select().from(widgets).where(eq(widgets.id, id));
  if (!row) throw new Error(`No widget ${id}`);
  return row;
}

async function domainAudit(id: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (reason: unknown) => reason,
  );
}

describe('checkWidgetDomain', () => {
  it('verifies a domain whose CNAME and TXT records are right, audits it and expires the host’s cached site', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });

    const state = await checkWidgetDomain(database.db, admin, widget.id);

    expect(state).toMatchObject({ domain, status: 'verified', token: widget.domainToken, check: { cname: [TARGET], txt: [widget.domainToken], error: null } });
    const row = await widgetRow(widget.id);
    expect(row).toMatchObject({ domainStatus: 'verified', domainCheck: { cname: [TARGET], txt: [widget.domainToken], error: null } });
    expect(row.domainCheckedAt).toEqual(state.checkedAt);
    expect(revalidated).toEqual([`widget-host:${domain}`]);
    const [entry] = await domainAudit(widget.id);
    expect(entry).toMatchObject({ action: 'widget.domain', entity: 'widget', actorUserId: admin.userId, agencyId: admin.agencyId });
    expect(entry!.changes).toEqual({ domainStatus: { from: 'pending', to: 'verified' } });
  });

  it('fails a domain whose TXT record is missing, with what it found', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET, omit: ['txt'] });

    const state = await checkWidgetDomain(database.db, admin, widget.id);

    expect(state).toMatchObject({ status: 'failed', check: { cname: [TARGET], txt: [], error: 'txtMissing' } });
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'failed', domainCheck: { cname: [TARGET], txt: [], error: 'txtMissing' } });
    const [entry] = await domainAudit(widget.id);
    expect(entry!.changes).toEqual({ domainStatus: { from: 'pending', to: 'failed' }, domainCheckError: { from: null, to: 'txtMissing' } });
  });

  it('shows the values of a TXT record that holds something else, and a CNAME to another host', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.set(domain, { cname: ['shop.example.net'] });
    dns.set(`_traveldesk.${domain}`, { txt: ['traveldesk-verify=someone-else'] });

    const state = await checkWidgetDomain(database.db, admin, widget.id);

    expect(state).toMatchObject({ status: 'failed', check: { cname: ['shop.example.net'], txt: ['traveldesk-verify=someone-else'], error: 'txtMissing' } });
  });

  it('fails a domain that does not exist (NXDOMAIN)', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);

    const state = await checkWidgetDomain(database.db, admin, widget.id);

    expect(state).toMatchObject({ status: 'failed', check: { cname: [], txt: [], error: 'nxdomain' } });
    expect(dns.queries).toContain(`CNAME ${domain}`);
  });

  it('fails with the resolver’s trouble when DNS does not answer in time, and when it answers SERVFAIL', async () => {
    const silent = newDomain();
    const silentWidget = await insertWidget(admin.agencyId, silent);
    dns.fail(silent, 'silent');
    dns.fail(`_traveldesk.${silent}`, 'silent');
    expect(await checkWidgetDomain(database.db, admin, silentWidget.id)).toMatchObject({ status: 'failed', check: { error: 'timeout' } });

    const broken = newDomain();
    const brokenWidget = await insertWidget(admin.agencyId, broken);
    dns.publishWidgetDomain(broken, { token: brokenWidget.domainToken, cnameTarget: TARGET });
    dns.fail(`_traveldesk.${broken}`, 'servfail');
    expect(await checkWidgetDomain(database.db, admin, brokenWidget.id)).toMatchObject({ status: 'failed', check: { cname: [TARGET], error: 'servfail' } });
  });

  it('keeps a verified domain verified when DNS does not answer, saying so', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain, { domainStatus: 'verified', domainCheckedAt: new Date('2026-01-01T00:00:00Z') });
    dns.fail(domain, 'silent');
    dns.fail(`_traveldesk.${domain}`, 'silent');

    expect(await checkWidgetDomain(database.db, admin, widget.id)).toMatchObject({ status: 'verified', check: { error: 'timeout' } });
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'verified', domainCheck: { error: 'timeout' } });
    expect(revalidated).toEqual([]);
  });

  it('accepts an apex domain’s A record on the portal’s address when WIDGET_A_RECORDS offers one', async () => {
    const domain = `gulf${(sequence += 1)}-example.com`;
    const widget = await insertWidget(admin.agencyId, domain);
    dns.set(domain, { a: ['203.0.113.7'] });
    dns.set(`_traveldesk.${domain}`, { txt: [widget.domainToken] });
    expect(await checkWidgetDomain(database.db, admin, widget.id)).toMatchObject({ status: 'failed', check: { error: 'cnameMismatch' } });
    process.env.WIDGET_A_RECORDS = '203.0.113.7';
    try {
      expect(await checkWidgetDomain(database.db, admin, widget.id)).toMatchObject({ status: 'verified', check: { cname: [], error: null } });
    } finally {
      delete process.env.WIDGET_A_RECORDS;
    }
  });

  it('expects the CNAME target WIDGET_CNAME_TARGET names', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: 'sites.traveldesk.example' });
    expect(await checkWidgetDomain(database.db, admin, widget.id)).toMatchObject({ status: 'failed', check: { error: 'cnameMismatch' } });
    process.env.WIDGET_CNAME_TARGET = 'sites.traveldesk.example';
    try {
      expect(await checkWidgetDomain(database.db, admin, widget.id)).toMatchObject({ status: 'verified' });
    } finally {
      delete process.env.WIDGET_CNAME_TARGET;
    }
  });

  it('lets only the widget’s own agency’s admin check it, and writes nothing otherwise', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });

    expect(await rejection(checkWidgetDomain(database.db, otherAdmin, widget.id))).toBeInstanceOf(NotFound);
    for (const email of ['senior@gulfhorizons.test', 'junior@gulfhorizons.test']) {
      expect(await rejection(checkWidgetDomain(database.db, await principalFor(database.db, email), widget.id))).toBeInstanceOf(Forbidden);
    }
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'pending', domainCheckedAt: null, domainCheck: null });
    expect(await domainAudit(widget.id)).toEqual([]);
    expect(dns.queries).not.toContain(`CNAME ${domain}`);
  });

  it('refuses a widget without a saved domain, and a deleted widget', async () => {
    const bare = await insertWidget(admin.agencyId, null);
    const error = await rejection(checkWidgetDomain(database.db, admin, bare.id));
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ code: 'widgetDomains.errors.noDomain' });

    const deleted = await insertWidget(admin.agencyId, newDomain(), { deletedAt: new Date() });
    expect(await rejection(checkWidgetDomain(database.db, admin, deleted.id))).toBeInstanceOf(NotFound);
  });

  it('does not verify a domain another widget has verified: the first keeps it', async () => {
    const domain = newDomain();
    const first = await insertWidget(otherAdmin.agencyId, domain, { domainStatus: 'verified', domainCheckedAt: new Date() });
    const second = await insertWidget(admin.agencyId, domain);
    // Both agencies' tokens are published: DNS alone cannot tell them apart.
    dns.set(domain, { cname: [TARGET] });
    dns.set(`_traveldesk.${domain}`, { txt: [first.domainToken, second.domainToken] });

    const error = await rejection(checkWidgetDomain(database.db, admin, second.id));

    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ code: 'widgets.errors.domainTaken', field: 'domain' });
    expect(await widgetRow(second.id)).toMatchObject({ domainStatus: 'pending', domainCheck: null });
    expect(await widgetRow(first.id)).toMatchObject({ domainStatus: 'verified' });
    expect(await domainAudit(second.id)).toEqual([]);
    expect(revalidated).toEqual([]);
  });

  it('does not store a result for a domain the admin replaced while DNS answered', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });
    // The resolver is slow to answer; the admin saves another domain meanwhile.
    dns.fail(`_traveldesk.${domain}`, 'silent');
    const check = rejection(checkWidgetDomain(database.db, admin, widget.id));
    await vi.waitFor(() => expect(dns.queries).toContain(`TXT _traveldesk.${domain}`));
    await database.db.update(widgets).set({ domain: newDomain() }).where(eq(widgets.id, widget.id));

    expect(await check).toBeInstanceOf(Conflict);
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'pending', domainCheck: null });
  });
});

describe('checkWidgetDomainAction', () => {
  it('answers the new state to the widget’s admin', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });
    session.principal = admin;

    const result = await checkWidgetDomainAction(widget.id);

    expect(result).toMatchObject({ ok: true, data: { domain, status: 'verified', check: { error: null } } });
  });

  it('answers 404 for a malformed or foreign id, 403 to a senior agent, and 422 at the domain field for a taken domain', async () => {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain);
    session.principal = otherAdmin;
    expect(await checkWidgetDomainAction(widget.id)).toMatchObject({ ok: false, status: 404 });
    expect(await checkWidgetDomainAction('not-a-widget')).toMatchObject({ ok: false, status: 404 });
    session.principal = await principalFor(database.db, 'senior@gulfhorizons.test');
    expect(await checkWidgetDomainAction(widget.id)).toMatchObject({ ok: false, status: 403 });

    await insertWidget(otherAdmin.agencyId, domain, { domainStatus: 'verified' });
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });
    session.principal = admin;
    expect(await checkWidgetDomainAction(widget.id)).toMatchObject({
      ok: false,
      status: 422,
      code: 'widgets.errors.domainTaken',
      fieldErrors: { domain: 'This domain cannot be used for a widget.' },
    });
  });
});

describe('recheckVerifiedDomains', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  /** A widget verified `hours` ago whose records are in place. */
  async function verifiedWidget(hours: number) {
    const domain = newDomain();
    const widget = await insertWidget(admin.agencyId, domain, {
      domainStatus: 'verified',
      domainCheckedAt: hoursBefore(hours),
      domainCheck: { cname: [TARGET], txt: [], error: null },
    });
    dns.publishWidgetDomain(domain, { token: widget.domainToken, cnameTarget: TARGET });
    return { ...widget, domain };
  }

  it('fails a verified domain whose TXT record vanished, keeps the others, and leaves recently checked domains alone', async () => {
    const vanished = await verifiedWidget(25);
    const intact = await verifiedWidget(30);
    const recent = await verifiedWidget(2);
    dns.publishWidgetDomain(vanished.domain, { token: vanished.domainToken, cnameTarget: TARGET, omit: ['txt'] });
    dns.queries.length = 0;

    await recheckVerifiedDomains(database.db, now);

    expect(await widgetRow(vanished.id)).toMatchObject({ domainStatus: 'failed', domainCheckedAt: now, domainCheck: { cname: [TARGET], txt: [], error: 'txtMissing' } });
    expect(await widgetRow(intact.id)).toMatchObject({ domainStatus: 'verified', domainCheckedAt: now, domainCheck: { txt: [intact.domainToken], error: null } });
    expect(await widgetRow(recent.id)).toMatchObject({ domainStatus: 'verified', domainCheckedAt: hoursBefore(2) });
    expect(dns.queries).not.toContain(`CNAME ${recent.domain}`);
    // The system failed it: no agent is named, and an unchanged domain leaves no entry.
    const [entry] = await domainAudit(vanished.id);
    expect(entry).toMatchObject({ action: 'widget.domain', actorUserId: null, agencyId: admin.agencyId });
    expect(entry!.changes).toEqual({ domainStatus: { from: 'verified', to: 'failed' }, domainCheckError: { from: null, to: 'txtMissing' } });
    expect(await domainAudit(intact.id)).toEqual([]);
  });

  it('keeps a domain verified while DNS does not answer for it', async () => {
    const widget = await verifiedWidget(48);
    dns.fail(widget.domain, 'silent');
    dns.fail(`_traveldesk.${widget.domain}`, 'silent');

    await recheckVerifiedDomains(database.db, now);

    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'verified', domainCheckedAt: now, domainCheck: { error: 'timeout' } });
  });

  it('re-checks sooner when WIDGET_DNS_RECHECK_HOURS says so', async () => {
    const widget = await verifiedWidget(2);
    dns.remove(`_traveldesk.${widget.domain}`);
    process.env.WIDGET_DNS_RECHECK_HOURS = '1';
    try {
      await recheckVerifiedDomains(database.db, now);
    } finally {
      delete process.env.WIDGET_DNS_RECHECK_HOURS;
    }
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'failed' });
  });

  it('runs as the widgets.recheckDomains job, which has the portal renew the failed site at once', async () => {
    const widget = await verifiedWidget(100 * 24 * 365);
    dns.remove(`_traveldesk.${widget.domain}`);
    // The portal's server, on loopback as in production, with the renewal route on it.
    const server = http.createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers(Object.entries(incoming.headers).map(([name, value]): [string, string] => [name, String(value)]));
      const response = await renewSites(new Request(`http://${incoming.headers.host}${incoming.url}`, { method: incoming.method, headers, body: Buffer.concat(chunks) }));
      outgoing.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const savedPort = process.env.PORT;
    process.env.PORT = String((server.address() as AddressInfo).port);
    const queue = new EmbeddedQueue(database.db);
    try {
      await workWidgetDomainJobs(queue, database.db);
      await queue.send('widgets.recheckDomains', {});
      await queue.runDue();
    } finally {
      await queue.stop();
      server.close();
      if (savedPort === undefined) delete process.env.PORT;
      else process.env.PORT = savedPort;
    }
    expect(await widgetRow(widget.id)).toMatchObject({ domainStatus: 'failed' });
    expect(revalidated).toEqual(expect.arrayContaining([`widget:${widget.id}`, `widget-host:${widget.domain}`]));
  });
});
