import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { agencyApprovedColumn } from '@/server/account/agency-standing';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, offers, payments, tours, users, widgetOffers, widgets } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import type { OfferPrices } from '@/shared/catalog/prices';
import { guestPrices } from '@/shared/widgets/widget-pricing';
import { EMBED_WIDGET_TYPES, isSingleTourType, SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';

// What a guest may buy through a widget: one of its offers at the widget's guest prices, booked
// for the widget's agency. A site widget is found by the host it serves; an embedded one by its id
// and the verified domain of the page that frames it. Bookings need an agent; a guest has none, so the widget books as the
// admin who created it (or, if that admin has gone, another active admin of the agency).

export type WidgetSaleContext = {
  widget: { id: string; name: string; domain: string; locale: 'en' | 'ru'; currency: string; agencyId: string };
  /** The agency acting through its widget. */
  principal: Principal;
  guestPrices: OfferPrices;
};

/** How a guest reached the widget: its site on `host`, or its embed on the page of `site`. */
export type WidgetChannel = { host: string } | { widgetId: string; site: string };

/** Which live widget a channel names: verified, not deleted, of the channel's kind. */
export function channelCondition(channel: WidgetChannel) {
  const live = and(eq(widgets.domainStatus, 'verified'), isNull(widgets.deletedAt));
  if ('host' in channel) return and(live, eq(widgets.domain, channel.host.toLowerCase()), inArray(widgets.type, [...SITE_WIDGET_TYPES]));
  if (!/^[0-9a-f-]{36}$/i.test(channel.widgetId)) return sql`false`;
  return and(live, eq(widgets.id, channel.widgetId), eq(widgets.domain, channel.site.toLowerCase()), inArray(widgets.type, [...EMBED_WIDGET_TYPES]));
}

/**
 * A single-tour widget (site or embed) was asked to sell an offer of another tour than the one it
 * shows: a checkout its pages never offer, made by hand. Refused with a message, not booked.
 */
export class OfferOutsideSingleTourWidget extends RuleViolation {
  constructor() {
    super('widgetBookings.limits.otherTour', {}, 'offerId');
  }
}

/**
 * The live widget of the channel with `offerId` among its offers, or null. A single-tour widget
 * sells only the tour its pages show (`offersShownFor`: the tour of its first live offer), even
 * if it was saved with offers of several tours before its type was narrowed.
 */
export async function loadWidgetSale(db: Database, channel: WidgetChannel, offerId: string): Promise<WidgetSaleContext | null> {
  const [row] = await db
    .select({
      id: widgets.id,
      type: widgets.type,
      name: widgets.name,
      domain: widgets.domain,
      locale: widgets.locale,
      currency: widgets.currency,
      agencyId: widgets.agencyId,
      agencyName: agencies.name,
      agencyApproved: agencyApprovedColumn,
      createdBy: widgets.createdBy,
      discountPercent: widgets.discountPercent,
      adult: widgetOffers.saleAdultMinor,
      child: widgetOffers.saleChildMinor,
      trip: widgetOffers.saleTripMinor,
    })
    .from(widgets)
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .innerJoin(widgetOffers, and(eq(widgetOffers.widgetId, widgets.id), eq(widgetOffers.offerId, offerId)))
    .where(channelCondition(channel))
    .limit(1);
  if (!row || !row.domain) return null;
  if (isSingleTourType(row.type) && !(await isOfShownTour(db, row.id, offerId))) throw new OfferOutsideSingleTourWidget();
  const agent = await actingAdmin(db, row.agencyId, row.createdBy);
  if (!agent) return null;
  return {
    widget: { id: row.id, name: row.name, domain: row.domain, locale: row.locale, currency: row.currency, agencyId: row.agencyId },
    principal: { ...agent, role: 'admin', agencyId: row.agencyId, agencyName: row.agencyName, agencyApproved: row.agencyApproved },
    guestPrices: guestPrices({ adult: row.adult, child: row.child, trip: row.trip }, row.discountPercent),
  };
}

/** Whether `offerId` belongs to the tour a single-tour widget shows: the tour of its first live offer, in the agency's order. */
async function isOfShownTour(db: Database, widgetId: string, offerId: string): Promise<boolean> {
  const [[shown], [asked]] = await Promise.all([
    db
      .select({ tourId: offers.tourId })
      .from(widgetOffers)
      .innerJoin(offers, eq(offers.id, widgetOffers.offerId))
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(and(eq(widgetOffers.widgetId, widgetId), eq(offers.isActive, true), eq(tours.isActive, true)))
      .orderBy(asc(widgetOffers.position))
      .limit(1),
    db.select({ tourId: offers.tourId }).from(offers).where(eq(offers.id, offerId)),
  ]);
  return shown !== undefined && shown.tourId === asked?.tourId;
}

/** The widget's creator while an active admin of the agency, else the agency's longest-standing active admin. */
export async function actingAdmin(db: Database, agencyId: string, createdBy: string | null) {
  const admins = await db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt));
  return admins.find((admin) => admin.userId === createdBy) ?? admins[0] ?? null;
}

/** The widget and acting admin behind a guest's payment: the payment's booking must be the channel's widget's. */
export async function loadWidgetSaleForBooking(db: Database, channel: WidgetChannel, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db
    .select({
      widgetId: widgets.id,
      locale: widgets.locale,
      agencyId: widgets.agencyId,
      agencyName: agencies.name,
      agencyApproved: agencyApprovedColumn,
      createdBy: widgets.createdBy,
      reference: bookings.reference,
      conversionActionId: widgets.conversionActionId,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(widgets, eq(widgets.id, bookings.widgetId))
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    // A booking stays the guest's to see even if the widget's domain later fails its re-check.
    .where(and(eq(payments.id, paymentId), 'host' in channel ? eq(widgets.domain, channel.host.toLowerCase()) : and(eq(widgets.id, channel.widgetId), eq(widgets.domain, channel.site.toLowerCase())), isNull(widgets.deletedAt)))
    .limit(1);
  if (!row) return null;
  const agent = await actingAdmin(db, row.agencyId, row.createdBy);
  if (!agent) return null;
  const principal: Principal = { ...agent, role: 'admin', agencyId: row.agencyId, agencyName: row.agencyName, agencyApproved: row.agencyApproved };
  return { widgetId: row.widgetId, locale: row.locale, reference: row.reference, conversionActionId: row.conversionActionId, principal };
}

/**
 * The widget, acting admin and state of a guest's booking by its id, which only the payer's
 * checkout was told: the booking must be the channel's widget's, as for a payment above.
 */
export async function loadWidgetSaleOfGuestBooking(db: Database, channel: WidgetChannel, bookingId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return null;
  const [row] = await db
    .select({
      widgetId: widgets.id,
      locale: widgets.locale,
      currency: widgets.currency,
      agencyId: widgets.agencyId,
      agencyName: agencies.name,
      agencyApproved: agencyApprovedColumn,
      createdBy: widgets.createdBy,
      reference: bookings.reference,
      status: bookings.status,
      holdsStock: bookings.holdsStock,
      holdExpiresAt: bookings.holdExpiresAt,
    })
    .from(bookings)
    .innerJoin(widgets, eq(widgets.id, bookings.widgetId))
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .where(and(eq(bookings.id, bookingId), channelCondition(channel)))
    .limit(1);
  if (!row) return null;
  const agent = await actingAdmin(db, row.agencyId, row.createdBy);
  if (!agent) return null;
  const principal: Principal = { ...agent, role: 'admin', agencyId: row.agencyId, agencyName: row.agencyName, agencyApproved: row.agencyApproved };
  return { ...row, principal };
}
