import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { changedFields, recordAudit } from '@/server/audit/audit';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { widgetOffers, widgets } from '@/server/db/schema';
import { InvalidFields, RuleViolation } from '@/server/errors';
import { parseHostsConfig } from '@/shared/sites/site-variants';
import { catalogueIssues, type WidgetInput } from '@/shared/widgets/widget-schema';
import { loadWidgetCatalogue } from './widget-catalogue';
import { assertCanManageWidgets, loadOwnWidget } from './widget-queries';

// Creating, editing, duplicating and deleting an agency's widgets (admins only). Each change runs
// in one transaction with its audit entry; the sale prices are checked against the catalogue as it
// is inside that transaction, so a price cannot slip under a cost changed a moment before.

const portalHosts = Object.keys(parseHostsConfig(process.env.HOSTS));

/** A change's widget and the domains whose site it may change (the caller renews their cache). */
export type WidgetChange = { id: string; domain: string | null; previousDomain: string | null };

/** The value the domain's TXT record must hold. */
function newDomainToken(): string {
  return `traveldesk-verify=${randomBytes(16).toString('hex')}`;
}

/** The portal's own host names, and names under them, are never an agency's domain. */
function isPortalHost(domain: string): boolean {
  return portalHosts.some((host) => domain === host || domain.endsWith(`.${host}`)) || domain === 'localhost' || domain.endsWith('.localhost');
}

async function assertSellable(tx: Transaction, input: WidgetInput): Promise<void> {
  const issues = catalogueIssues(input, await loadWidgetCatalogue(tx));
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  throw new InvalidFields(fieldErrors, 'widgets.invalid');
}

/** A domain may be typed by anyone; it is served only once verified, by one widget. */
async function assertDomainFree(tx: Transaction, domain: string | null, widgetId: string | null): Promise<void> {
  if (domain === null) return;
  if (isPortalHost(domain)) throw new RuleViolation('widgets.errors.domainTaken', {}, 'domain');
  const [taken] = await tx
    .select({ id: widgets.id })
    .from(widgets)
    .where(
      and(
        eq(widgets.domain, domain),
        eq(widgets.domainStatus, 'verified'),
        isNull(widgets.deletedAt),
        widgetId === null ? undefined : ne(widgets.id, widgetId),
      ),
    )
    .limit(1);
  if (taken) throw new RuleViolation('widgets.errors.domainTaken', {}, 'domain');
}

function columnsOf(input: WidgetInput) {
  const { offers: _offers, domain: _domain, ...settings } = input;
  return settings;
}

async function replaceOffers(tx: Transaction, widgetId: string, input: WidgetInput): Promise<void> {
  await tx.delete(widgetOffers).where(eq(widgetOffers.widgetId, widgetId));
  await tx.insert(widgetOffers).values(
    input.offers.map((offer, position) => ({
      widgetId,
      offerId: offer.offerId,
      position,
      saleAdultMinor: offer.saleAdult,
      saleChildMinor: offer.saleChild,
      saleTripMinor: offer.saleTrip,
    })),
  );
}

export async function createWidget(db: Database, principal: Principal, input: WidgetInput): Promise<WidgetChange> {
  assertCanManageWidgets(principal);
  const domain = input.domain || null;
  return db.transaction(async (tx) => {
    await assertSellable(tx, input);
    await assertDomainFree(tx, domain, null);
    const [widget] = await tx
      .insert(widgets)
      .values({
        ...columnsOf(input),
        agencyId: principal.agencyId,
        domain,
        domainStatus: domain ? 'pending' : null,
        domainToken: newDomainToken(),
        createdBy: principal.userId,
      })
      .returning({ id: widgets.id });
    if (!widget) throw new Error('The new widget was not stored.');
    await replaceOffers(tx, widget.id, input);
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'widget',
      entityId: widget.id,
      action: 'widget.create',
      changes: { name: { from: null, to: input.name } },
    });
    return { id: widget.id, domain, previousDomain: null };
  });
}

/** Saves the editor. A changed domain starts over at pending verification, under the same token. */
export async function updateWidget(db: Database, principal: Principal, id: string, input: WidgetInput): Promise<WidgetChange> {
  const current = await loadOwnWidget(db, principal, id);
  const domain = input.domain || null;
  return db.transaction(async (tx) => {
    await assertSellable(tx, input);
    const domainChanged = domain !== current.domain;
    if (domainChanged) await assertDomainFree(tx, domain, id);
    const settings = columnsOf(input);
    await tx
      .update(widgets)
      .set({
        ...settings,
        ...(domainChanged ? { domain, domainStatus: domain ? ('pending' as const) : null, domainCheckedAt: null, domainCheck: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(widgets.id, id), eq(widgets.agencyId, principal.agencyId)));
    await replaceOffers(tx, id, input);
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'widget',
      entityId: id,
      action: 'widget.update',
      changes: changedFields({ ...current, domain: current.domain } as Record<string, unknown>, { ...settings, domain } as Record<string, unknown>),
    });
    return { id, domain, previousDomain: current.domain };
  });
}

/** A copy with the same settings and offers, under a new name and without the domain (one widget serves a domain). */
export async function duplicateWidget(db: Database, principal: Principal, id: string, copyName: (name: string) => string): Promise<{ id: string }> {
  const source = await loadOwnWidget(db, principal, id);
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, deletedAt: _deletedAt, ...settings } = source;
    const [copy] = await tx
      .insert(widgets)
      .values({
        ...settings,
        name: copyName(source.name).slice(0, 100),
        domain: null,
        domainStatus: null,
        domainToken: newDomainToken(),
        domainCheckedAt: null,
        domainCheck: null,
        createdBy: principal.userId,
      })
      .returning({ id: widgets.id });
    if (!copy) throw new Error('The widget copy was not stored.');
    const offerRows = await tx.select().from(widgetOffers).where(eq(widgetOffers.widgetId, id));
    if (offerRows.length > 0) await tx.insert(widgetOffers).values(offerRows.map((offer) => ({ ...offer, widgetId: copy.id })));
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'widget',
      entityId: copy.id,
      action: 'widget.create',
      changes: { duplicateOf: { from: null, to: id } },
    });
    return copy;
  });
}

/** Takes the widget off its site and the list; its bookings keep pointing at it for the margin report. */
export async function deleteWidget(db: Database, principal: Principal, id: string): Promise<WidgetChange> {
  const current = await loadOwnWidget(db, principal, id);
  return db.transaction(async (tx) => {
    await tx
      .update(widgets)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(widgets.id, id), eq(widgets.agencyId, principal.agencyId)));
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'widget',
      entityId: id,
      action: 'widget.delete',
      changes: { name: { from: current.name, to: null } },
    });
    return { id, domain: null, previousDomain: current.domain };
  });
}
