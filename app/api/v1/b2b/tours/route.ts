import { z } from 'zod';
import { searchTourCards } from '@/server/catalog/queries';
import { currencyField } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';
import { convertFromAed } from '@/shared/money/money';

/** Enough pages of the search to hold the whole catalogue. */
const ALL_PAGES = 100;

/**
 * Spec §7 `GET /b2b/tours (currencyCode)`: every active tour as a card, its lowest retail price in
 * minor units of `currencyCode`; the result carries the currency (spec §3).
 */
export const GET = runRoute({
  permission: null,
  apiScope: 'catalogue',
  query: z.object({ currencyCode: currencyField }),
  doc: { tag: 'Catalogue', summary: 'Every tour, with its lowest retail price' },
  run: async ({ query }, { db }) => {
    const { tours } = await searchTourCards(db, {}, ALL_PAGES);
    const currency = query.currencyCode;
    return { currency, tours: tours.map((tour) => ({ ...tour, fromPrice: tour.fromPrice === null ? null : convertFromAed(tour.fromPrice, currency) })) };
  },
});
