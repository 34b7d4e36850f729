// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { EmbedOfferList, type WidgetBookingsTranslator } from '@/components/guest-bookings/embed-offer-list';
import { loadMessages } from '@/messages/areas';
import {
  catalogueIssues,
  emptyWidgetValues,
  offersShownFor,
  type WidgetOfferCost,
  type WidgetType,
  widgetFormSchema,
} from '@/shared/widgets/widget-schema';
import type { WidgetSiteOffer } from '@/server/widgets/sites/widget-site';

// Spec §4's widget types: "embedded" sells one tour and shows as one tour's tickets; "multi-tour
// embedded" lists several tours, each under its heading. The editor and the save refuse a
// single-tour type with offers of two tours; a widget stored so before shows its first tour only.

const OFFER_A1 = '11111111-1111-4111-8111-111111111111';
const OFFER_A2 = '22222222-2222-4222-8222-222222222222';
const OFFER_B1 = '33333333-3333-4333-8333-333333333333';
const cost = (tourId: string): WidgetOfferCost => ({ tourId, b2b: { adult: 10_000, child: null, trip: null } });
const catalogue = new Map([
  [OFFER_A1, cost('tour-a')],
  [OFFER_A2, cost('tour-a')],
  [OFFER_B1, cost('tour-b')],
]);

function widgetOf(type: WidgetType, offerIds: string[]) {
  return widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    name: 'Dunes',
    type,
    offers: offerIds.map((offerId) => ({ offerId, saleAdult: '200', saleChild: '', saleTrip: '' })),
  });
}

describe('the tours a widget type may sell', () => {
  it.each<[WidgetType, boolean]>([
    ['single_tour', true],
    ['embedded', true],
    ['multi_tour', false],
    ['offers_only', false],
    ['multi_tour_embedded', false],
  ])('%s: two tours refused = %s, one tour with two offers accepted', (type, refusesTwoTours) => {
    const twoTours = catalogueIssues(widgetOf(type, [OFFER_A1, OFFER_B1]), catalogue);
    expect(twoTours).toEqual(refusesTwoTours ? [{ path: ['offers'], message: 'widgets.errors.singleTour' }] : []);
    expect(catalogueIssues(widgetOf(type, [OFFER_A1, OFFER_A2]), catalogue)).toEqual([]);
  });

  it("shows a single-tour type's first tour only, every tour of the others", () => {
    const offers = [{ tourSlug: 'a', id: 1 }, { tourSlug: 'b', id: 2 }, { tourSlug: 'a', id: 3 }];
    expect(offersShownFor('embedded', offers).map((offer) => offer.id)).toEqual([1, 3]);
    expect(offersShownFor('single_tour', offers).map((offer) => offer.id)).toEqual([1, 3]);
    expect(offersShownFor('multi_tour_embedded', offers).map((offer) => offer.id)).toEqual([1, 2, 3]);
    expect(offersShownFor('embedded', [])).toEqual([]);
  });
});

const offer = (offerId: string, tourSlug: string, tourTitle: string, name: string): WidgetSiteOffer => ({
  offerId,
  name,
  tourSlug,
  tourTitle,
  tourSummary: `${tourTitle}: the summary`,
  durationMinutes: 90,
  photoUrl: null,
  prices: { adult: 20_000, child: null, trip: null },
});
const offers = [offer(OFFER_A1, 'dunes', 'Desert dunes', 'Morning'), offer(OFFER_A2, 'dunes', 'Desert dunes', 'Evening'), offer(OFFER_B1, 'dhow', 'Dhow cruise', 'Dinner')];

async function renderList(type: 'embedded' | 'multi_tour_embedded', shown: WidgetSiteOffer[]) {
  const t = createTranslator({ locale: 'en', messages: await loadMessages('en'), namespace: 'widgetBookings' as never, timeZone: 'Asia/Dubai' }) as unknown as WidgetBookingsTranslator;
  render(<EmbedOfferList widget={{ type, offersTitle: '', offers: shown, currency: 'AED', locale: 'en', rates: null }} checkoutHref={(id) => `/embedded/checkout?offer=${id}`} t={t} />);
}

describe("an embed's tickets by type", () => {
  it('embedded: one tour is the heading, its offers follow', async () => {
    await renderList('embedded', offersShownFor('embedded', offers));
    expect(screen.getByRole('heading', { level: 1, name: 'Desert dunes' })).toBeVisible();
    expect(screen.getByText('Desert dunes: the summary')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Morning', 'Evening']);
    expect(screen.queryByText('Dhow cruise')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book: Evening' })).toHaveAttribute('href', `/embedded/checkout?offer=${OFFER_A2}`);
  });

  it('multi-tour embedded: each tour under its own heading, with its offers', async () => {
    await renderList('multi_tour_embedded', offers);
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
    const tours = screen.getAllByTestId('embed-tour');
    expect(tours.map((tour) => within(tour).getByRole('heading', { level: 2 }).textContent)).toEqual(['Desert dunes', 'Dhow cruise']);
    expect(within(tours[0]!).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Morning', 'Evening']);
    expect(within(tours[1]!).getByRole('link', { name: 'Book: Dinner' })).toBeVisible();
  });
});
