import { and, asc, eq, ne } from 'drizzle-orm';
import { lowestAllowedSalePrice } from '@/server/shared/widgets/widget-pricing';
import type { Database } from '../connection';
import { offers, tours, users, widgetOffers, widgets } from '../schema';
import { DEMO_AGENCIES } from './agencies';

/**
 * Desert Rose's demo widget site (issue 20), verified on `tours.desertrose.test`: open it with that
 * Host header (`curl -H 'Host: tours.desertrose.test' http://localhost:3000/`) or by mapping the
 * name to this machine. The benchmark measures its landing page. Idempotent.
 */
export const DEMO_WIDGET_DOMAIN = 'tours.desertrose.test';
/**
 * Its embedded sibling, verified on `www.desertrose.test`, with a fixed id so the benchmark can
 * open its ticket page (`/embedded?widget=…&site=www.desertrose.test`) without signing in.
 */
export const DEMO_EMBED_DOMAIN = 'www.desertrose.test';
export const DEMO_EMBED_WIDGET_ID = '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001';

const DEMO_OFFERS = 4;

export async function seedDemoWidgets(db: Database): Promise<void> {
  const [existing] = await db.select({ id: widgets.id }).from(widgets).where(eq(widgets.domain, DEMO_WIDGET_DOMAIN)).limit(1);
  if (existing) return;
  const agency = DEMO_AGENCIES[0]!;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agency.id), eq(users.role, 'admin')))
    .limit(1);
  const sellable = await db
    .select({ id: offers.id, adult: offers.pricePerAdult, child: offers.pricePerChild, trip: offers.pricePerTrip, recAdult: offers.recPricePerAdult, recChild: offers.recPricePerChild, recTrip: offers.recPricePerTrip })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(offers.isActive, true), eq(tours.isActive, true), eq(offers.hasLiveAvailability, true), ne(offers.pickUp, 'included')))
    .orderBy(asc(tours.slug), asc(offers.position))
    .limit(DEMO_OFFERS);
  if (!admin || sellable.length === 0) return;
  // The recommended retail price where it keeps the 5% margin, else the lowest price that does.
  const sale = (cost: number | null, retail: number | null) => (cost === null ? null : Math.max(retail ?? 0, lowestAllowedSalePrice(cost, 0)));
  const offerRows = (widgetId: string) =>
    sellable.map((offer, position) => ({
      widgetId,
      offerId: offer.id,
      position,
      saleAdultMinor: offer.trip === null ? sale(offer.adult, offer.recAdult) : null,
      saleChildMinor: offer.trip === null ? sale(offer.child, offer.recChild) : null,
      saleTripMinor: sale(offer.trip, offer.recTrip),
    }));
  const common = {
    agencyId: agency.id,
    offersTitle: 'Our favourite tours',
    footerText: 'Desert Rose Travel L.L.C., Dubai',
    contacts: { company: agency.name, address: agency.address, email: `hello@${agency.domain}`, telegram: '', phone: '+971 4 555 0101', mapLink: '', whatsApp: '', viber: '' },
    reservationContacts: { name: 'Reservations', phone: '+971 4 555 0102', email: `book@${agency.domain}` },
    domainStatus: 'verified' as const,
    domainToken: 'traveldesk-verify=demo',
    domainCheckedAt: new Date(),
    createdBy: admin.id,
  };
  await db.transaction(async (tx) => {
    const [site] = await tx
      .insert(widgets)
      .values({
        ...common,
        name: 'Desert Rose Tours',
        type: 'multi_tour',
        metaTitle: 'Desert Rose Tours — Dubai and Abu Dhabi',
        metaDescription: 'Desert safaris, city tours and kayaking, booked online with instant confirmation.',
        domain: DEMO_WIDGET_DOMAIN,
      })
      .returning({ id: widgets.id });
    const [embed] = await tx
      .insert(widgets)
      .values({ ...common, id: DEMO_EMBED_WIDGET_ID, name: 'Desert Rose tickets', type: 'multi_tour_embedded', domain: DEMO_EMBED_DOMAIN })
      .returning({ id: widgets.id });
    await tx.insert(widgetOffers).values([...offerRows(site!.id), ...offerRows(embed!.id)]);
  });
}
