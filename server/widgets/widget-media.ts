import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type AuditChanges, recordAudit } from '@/server/audit/audit';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { widgets } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { saveUpload } from '@/server/files/uploads';
import type { WidgetChange } from './manage-widgets';
import { loadOwnWidget } from './widget-queries';

// A widget's pictures (spec §3 "Widget": logos and the hero image), uploaded through the storage
// interface with the spec's file rules (JPG or PNG, 5 MB, checked by content). They are public
// files: the widget's site shows them to anyone.

export const WIDGET_MEDIA_KINDS = ['logo', 'heroImage'] as const;
export type WidgetMediaKind = (typeof WIDGET_MEDIA_KINDS)[number];
/** A header has room for a few logos (the agency's and its partners' brands). */
export const MAX_WIDGET_LOGOS = 3;

/** Adds a logo (up to three) or replaces the hero image. */
export async function uploadWidgetMedia(db: Database, principal: Principal, widgetId: string, kind: WidgetMediaKind, file: File): Promise<WidgetChange> {
  const widget = await loadOwnWidget(db, principal, widgetId);
  if (kind === 'logo' && widget.logoFileIds.length >= MAX_WIDGET_LOGOS) throw new RuleViolation('widgets.errors.tooManyLogos', { max: MAX_WIDGET_LOGOS }, 'file');
  return db.transaction(async (tx) => {
    const stored = await saveUpload(tx, {
      agencyId: principal.agencyId,
      purpose: kind === 'logo' ? 'widgetLogo' : 'widgetHeroImage',
      file,
      uploadedBy: principal.userId,
      field: 'file',
    });
    const change = kind === 'logo' ? { logoFileIds: [...widget.logoFileIds, stored.id] } : { heroImageFileId: stored.id };
    await applyMediaChange(tx, principal, widgetId, change, { [kind]: { from: kind === 'logo' ? null : widget.heroImageFileId, to: stored.id } });
    return { id: widgetId, domain: widget.domain, previousDomain: null };
  });
}

/** Takes a logo or the hero image off the widget (the site stops showing it at once). */
export async function removeWidgetMedia(db: Database, principal: Principal, widgetId: string, fileId: string): Promise<WidgetChange> {
  const widget = await loadOwnWidget(db, principal, widgetId);
  const isLogo = widget.logoFileIds.includes(fileId);
  if (!isLogo && widget.heroImageFileId !== fileId) throw new NotFound();
  return db.transaction(async (tx) => {
    const change = isLogo ? { logoFileIds: widget.logoFileIds.filter((id) => id !== fileId) } : { heroImageFileId: null };
    await applyMediaChange(tx, principal, widgetId, change, { [isLogo ? 'logo' : 'heroImage']: { from: fileId, to: null } });
    return { id: widgetId, domain: widget.domain, previousDomain: null };
  });
}

/** Stores the widget's new pictures with their audit entry, in the caller's transaction. */
async function applyMediaChange(
  tx: Transaction,
  principal: Principal,
  widgetId: string,
  change: Partial<Pick<typeof widgets.$inferInsert, 'logoFileIds' | 'heroImageFileId'>>,
  changes: AuditChanges,
): Promise<void> {
  await tx
    .update(widgets)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(widgets.id, widgetId), eq(widgets.agencyId, principal.agencyId)));
  await recordAudit(tx, { agencyId: principal.agencyId, actorUserId: principal.userId, entity: 'widget', entityId: widgetId, action: 'widget.update', changes });
}
