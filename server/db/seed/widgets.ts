import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { lowestAllowedSalePrice } from '@/shared/widgets/widget-pricing';
import type { Database } from '../connection';
import { offers, tours, users, widgetOffers, widgets } from '../schema';
import { DEMO_AGENCIES } from './agencies';

/**
 * Desert Rose's demo widget site, verified on `tours.desertrose.test`: open it with that
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
/** A Russian single-tour site in dollars, verified on `ru.desertrose.test`: the other language and currency. */
export const DEMO_RUSSIAN_WIDGET_DOMAIN = 'ru.desertrose.test';

const DEMO_OFFERS = 4;

export async function seedDemoWidgets(db: Database): Promise<void> {
  const seeded = new Set((await db.select({ domain: widgets.domain }).from(widgets).where(inArray(widgets.domain, [DEMO_WIDGET_DOMAIN, DEMO_RUSSIAN_WIDGET_DOMAIN]))).map((row) => row.domain));
  if (seeded.size === 2) return;
  const agency = DEMO_AGENCIES[0]!;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agency.id), eq(users.role, 'admin')))
    .limit(1);
  const sellable = await db
    .select({ id: offers.id, tourId: offers.tourId, adult: offers.pricePerAdult, child: offers.pricePerChild, trip: offers.pricePerTrip, recAdult: offers.recPricePerAdult, recChild: offers.recPricePerChild, recTrip: offers.recPricePerTrip })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(offers.isActive, true), eq(tours.isActive, true), eq(offers.hasLiveAvailability, true), ne(offers.pickUp, 'included')))
    .orderBy(asc(tours.slug), asc(offers.position))
    .limit(DEMO_OFFERS);
  if (!admin || sellable.length === 0) return;
  // The recommended retail price where it keeps the 5% margin, else the lowest price that does.
  const sale = (cost: number | null, retail: number | null) => (cost === null ? null : Math.max(retail ?? 0, lowestAllowedSalePrice(cost, 0)));
  const offerRows = (widgetId: string, chosen = sellable) =>
    chosen.map((offer, position) => ({
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
    if (!seeded.has(DEMO_RUSSIAN_WIDGET_DOMAIN)) {
      // One tour's offers: a single-tour site sells one tour.
      const tourOffers = sellable.filter((offer) => offer.tourId === sellable[0]!.tourId);
      const [russian] = await tx
        .insert(widgets)
        .values({
          ...common,
          name: 'Desert Rose — по-русски',
          type: 'single_tour',
          locale: 'ru',
          currency: 'USD',
          offersTitle: 'Выберите вариант',
          footerText: 'Desert Rose Travel L.L.C., Дубай',
          metaTitle: 'Desert Rose — экскурсии в Дубае',
          metaDescription: 'Экскурсии с мгновенным подтверждением: бронирование и оплата онлайн.',
          domain: DEMO_RUSSIAN_WIDGET_DOMAIN,
        })
        .returning({ id: widgets.id });
      await tx.insert(widgetOffers).values(offerRows(russian!.id, tourOffers));
    }
    if (seeded.has(DEMO_WIDGET_DOMAIN)) return;
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
