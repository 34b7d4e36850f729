import 'server-only';
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { type AuditChanges, recordAudit } from '@/server/audit/audit';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { purgeChangedPages } from '@/server/edge-cache/edge-purge';
import { type WidgetDomainCheck, widgets } from '@/server/db/schema';
import { Conflict, RuleViolation } from '@/server/errors';
import { type DomainVerdict, evaluateDomainCheck } from '@/shared/widgets/domain-verification';
import { loadOwnWidget, type WidgetDomainState, type WidgetDomainStatus } from '../widget-queries';
import { widgetHostTag } from '../widget-tags';
import { domainExpectation, lookUpDomainRecords } from './domain-resolver';

// Moving a widget domain between pending, verified and failed by what DNS says: the admin's
// "Check" in the editor, and the background re-check of verified domains. DNS is asked before the
// transaction opens (a lookup may take seconds; the embedded database runs one transaction at a
// time), and the result is stored only while the widget still has the domain that was looked up.

const VERIFIED_DOMAIN_INDEX = 'widgets_verified_domain_unique';
/** Domains re-checked per job run: a run stays well within the minute between runs. */
export const RECHECK_BATCH = 20;
/** Lookups in flight at once during a re-check: each waits on the network, not on this process. */
const RECHECK_PARALLEL = 5;
const DEFAULT_RECHECK_HOURS = 24;

type CheckedWidget = {
  id: string;
  agencyId: string;
  domain: string;
  domainToken: string;
  domainStatus: WidgetDomainStatus | null;
  domainCheck: WidgetDomainCheck | null;
};

/**
 * A resolver that cannot answer says nothing about the records: a verified domain stays verified
 * (a DNS outage must not take agencies' sites down); one not verified yet fails, with the reason.
 */
function nextStatus(current: WidgetDomainStatus | null, verdict: DomainVerdict): WidgetDomainStatus {
  return !verdict.conclusive && current === 'verified' ? 'verified' : verdict.status;
}

async function verdictFor(widget: CheckedWidget): Promise<DomainVerdict> {
  const expected = domainExpectation(widget.domainToken);
  const found = await lookUpDomainRecords(widget.domain, { withAddresses: expected.aRecords.length > 0 });
  return evaluateDomainCheck(found, expected);
}

/**
 * Stores a check's outcome with its audit entry; false when the widget no longer has the domain
 * (changed or deleted meanwhile). Verifying a domain another widget has verified breaks the
 * unique index: the first widget to verify keeps it.
 */
async function storeCheck(
  db: Database,
  widget: CheckedWidget,
  outcome: { status: WidgetDomainStatus; verdict: DomainVerdict; checkedAt: Date },
  audit: { actorUserId: string | null; always: boolean },
): Promise<boolean> {
  const changes: AuditChanges = { domainStatus: { from: widget.domainStatus, to: outcome.status } };
  const previousError = widget.domainCheck?.error ?? null;
  if (previousError !== outcome.verdict.check.error) changes.domainCheckError = { from: previousError, to: outcome.verdict.check.error };
  try {
    return await db.transaction(async (tx) => {
      const [stored] = await tx
        .update(widgets)
        .set({ domainStatus: outcome.status, domainCheckedAt: outcome.checkedAt, domainCheck: outcome.verdict.check })
        .where(and(eq(widgets.id, widget.id), eq(widgets.domain, widget.domain), isNull(widgets.deletedAt)))
        .returning({ id: widgets.id });
      if (!stored) return false;
      if (audit.always || outcome.status !== widget.domainStatus) {
        await recordAudit(tx, {
          agencyId: widget.agencyId,
          actorUserId: audit.actorUserId,
          entity: 'widget',
          entityId: widget.id,
          action: 'widget.domain',
          changes,
        });
      }
      return true;
    });
  } catch (error) {
    if (uniqueViolation(error) === VERIFIED_DOMAIN_INDEX) throw new RuleViolation('widgets.errors.domainTaken', {}, 'domain');
    throw error;
  }
}

/** The site on the host changes with the status: the next visit must not be served the old answer. */
function expireHost(domain: string): void {
  revalidateTag(widgetHostTag(domain), { expire: 0 });
  void purgeChangedPages([widgetHostTag(domain)]);
}

/**
 * The editor's "Check": looks the widget's saved domain up and moves it to verified or failed,
 * saying what was found. Admins of the widget's agency only (another agency's widget is not found).
 */
export async function checkWidgetDomain(db: Database, principal: Principal, widgetId: string): Promise<WidgetDomainState> {
  const row = await loadOwnWidget(db, principal, widgetId);
  if (row.domain === null) throw new RuleViolation('widgetDomains.errors.noDomain', {}, 'domain');
  const widget: CheckedWidget = { ...row, domain: row.domain };
  const verdict = await verdictFor(widget);
  const status = nextStatus(widget.domainStatus, verdict);
  const checkedAt = new Date();
  const stored = await storeCheck(db, widget, { status, verdict, checkedAt }, { actorUserId: principal.userId, always: true });
  // The admin saved another domain (or deleted the widget) while DNS answered for the old one.
  if (!stored) throw new Conflict();
  if (status !== widget.domainStatus) expireHost(widget.domain);
  return { domain: widget.domain, status, token: widget.domainToken, checkedAt, check: verdict.check };
}

export function recheckIntervalHours(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const hours = Number(env.WIDGET_DNS_RECHECK_HOURS);
  return Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_RECHECK_HOURS;
}

/**
 * The background job's pass (no principal: the system acts): verified domains not checked for
 * WIDGET_DNS_RECHECK_HOURS, oldest check first, at most RECHECK_BATCH. A domain whose records are
 * gone fails; one the resolver could not answer for stays verified and is asked again after the
 * next interval.
 *
 * Answers the widgets whose domain failed: their sites are for the caller to renew (a background
 * job has no request for Next to renew its cache in: server/widgets/sites/site-renewal.ts).
 */
export async function recheckVerifiedDomains(db: Database, now: Date = new Date()): Promise<{ checked: number; failed: { id: string; domain: string }[] }> {
  const checkedBefore = new Date(now.getTime() - recheckIntervalHours() * 3_600_000);
  const due = await db
    .select({
      id: widgets.id,
      agencyId: widgets.agencyId,
      domain: widgets.domain,
      domainToken: widgets.domainToken,
      domainStatus: widgets.domainStatus,
      domainCheck: widgets.domainCheck,
    })
    .from(widgets)
    .where(
      and(
        eq(widgets.domainStatus, 'verified'),
        isNotNull(widgets.domain),
        isNull(widgets.deletedAt),
        or(isNull(widgets.domainCheckedAt), lt(widgets.domainCheckedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${widgets.domainCheckedAt} asc nulls first`, asc(widgets.id))
    .limit(RECHECK_BATCH);
  let checked = 0;
  const failed: { id: string; domain: string }[] = [];
  for (let start = 0; start < due.length; start += RECHECK_PARALLEL) {
    const group = due.slice(start, start + RECHECK_PARALLEL).flatMap((row) => (row.domain === null ? [] : [{ ...row, domain: row.domain }]));
    const verdicts = await Promise.all(group.map(verdictFor));
    for (const [index, widget] of group.entries()) {
      const verdict = verdicts[index];
      if (!verdict) continue;
      const status = nextStatus(widget.domainStatus, verdict);
      if (await storeCheck(db, widget, { status, verdict, checkedAt: now }, { actorUserId: null, always: false })) {
        checked += 1;
        if (status === 'failed') failed.push({ id: widget.id, domain: widget.domain });
      }
    }
  }
  return { checked, failed };
}
