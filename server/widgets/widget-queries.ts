import 'server-only';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { widgetOffers, widgets } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { memberCan } from '@/shared/auth/permissions';
import { aedInput, type WidgetDomainStatus, type WidgetFormValues, type WidgetType } from '@/shared/widgets/widget-schema';

// An agency's widgets as its admins see them: the list (spec §2) and one widget in the editor.
// Every query is filtered by the principal's agency; another agency's widget is "not found".

export type { WidgetDomainStatus };

export type WidgetListItem = {
  id: string;
  name: string;
  type: WidgetType;
  domain: string | null;
  domainStatus: WidgetDomainStatus | null;
  offersCount: number;
  updatedAt: Date;
};

export type WidgetDomainState = {
  domain: string | null;
  status: WidgetDomainStatus | null;
  token: string;
  checkedAt: Date | null;
  check: (typeof widgets.$inferSelect)['domainCheck'];
};

/** The widget's pictures, uploaded apart from the editor's form. */
export type WidgetMedia = { logoFileIds: string[]; heroImageFileId: string | null };

export type WidgetForEditor = { id: string; values: WidgetFormValues; domain: WidgetDomainState; media: WidgetMedia; updatedAt: Date };

export function assertCanManageWidgets(principal: Principal): void {
  if (!memberCan(principal, 'widgets:manage')) throw new Forbidden();
}

export async function listWidgets(db: Database, principal: Principal): Promise<WidgetListItem[]> {
  assertCanManageWidgets(principal);
  return db
    .select({
      id: widgets.id,
      name: widgets.name,
      type: widgets.type,
      domain: widgets.domain,
      domainStatus: widgets.domainStatus,
      offersCount: count(widgetOffers.offerId),
      updatedAt: widgets.updatedAt,
    })
    .from(widgets)
    .leftJoin(widgetOffers, eq(widgetOffers.widgetId, widgets.id))
    .where(and(eq(widgets.agencyId, principal.agencyId), isNull(widgets.deletedAt)))
    .groupBy(widgets.id)
    .orderBy(desc(widgets.updatedAt), asc(widgets.name));
}

/** The agency's live widget row, or NotFound (another agency's widget included). */
export async function loadOwnWidget(db: Database, principal: Principal, id: string) {
  assertCanManageWidgets(principal);
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.id, id), eq(widgets.agencyId, principal.agencyId), isNull(widgets.deletedAt)))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}

export async function loadWidgetForEditor(db: Database, principal: Principal, id: string): Promise<WidgetForEditor> {
  const row = await loadOwnWidget(db, principal, id);
  const offerRows = await db.select().from(widgetOffers).where(eq(widgetOffers.widgetId, id)).orderBy(asc(widgetOffers.position));
  return {
    id: row.id,
    updatedAt: row.updatedAt,
    domain: { domain: row.domain, status: row.domainStatus, token: row.domainToken, checkedAt: row.domainCheckedAt, check: row.domainCheck },
    media: { logoFileIds: row.logoFileIds, heroImageFileId: row.heroImageFileId },
    values: {
      name: row.name,
      type: row.type,
      currency: row.currency as WidgetFormValues['currency'],
      locale: row.locale,
      offersTitle: row.offersTitle,
      footerText: row.footerText,
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      noIndex: row.noIndex,
      conversionActionId: row.conversionActionId,
      heroVideoUrl: row.heroVideoUrl,
      heroVideoDisabled: row.heroVideoDisabled,
      contacts: row.contacts,
      reservationContacts: row.reservationContacts,
      partners: row.partners,
      socials: row.socials,
      domain: row.domain ?? '',
      discountPercent: String(row.discountPercent),
      offers: offerRows.map((offer) => ({
        offerId: offer.offerId,
        saleAdult: aedInput(offer.saleAdultMinor),
        saleChild: aedInput(offer.saleChildMinor),
        saleTrip: aedInput(offer.saleTripMinor),
      })),
    },
  };
}
