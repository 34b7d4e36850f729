import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { offers, tours, type LocalizedText } from '@/server/db/schema';
import type { OfferPrices } from '@/shared/catalog/prices';
import { isSlug } from '@/shared/catalog/slug';
import { inCustomerView, seesNetRates } from '@/server/auth/customer-view';

/** What a signed-in agent sees on a tour page beyond the public page. Never cached. */
export type AgentTourDetails = {
  notesToAgents: LocalizedText | null;
  /** Null when the agent's role may not see b2b rates. */
  b2b: { offerId: string; prices: OfferPrices }[] | null;
};

export async function getAgentTourDetails(db: Database, principal: Principal, slug: string): Promise<AgentTourDetails | null> {
  if (!isSlug(slug)) return null;
  const [tour] = await db
    .select({ id: tours.id, notesToAgents: tours.notesToAgents })
    .from(tours)
    .where(and(eq(tours.slug, slug), eq(tours.isActive, true)))
    .limit(1);
  if (!tour) return null;
  // Notes to agents are for the agent, not the guest looking at the screen in customer view.
  const notesToAgents = inCustomerView(principal) ? null : tour.notesToAgents;
  if (!seesNetRates(principal)) return { notesToAgents, b2b: null };
  const rows = await db
    .select({ offerId: offers.id, adult: offers.pricePerAdult, child: offers.pricePerChild, trip: offers.pricePerTrip })
    .from(offers)
    .where(and(eq(offers.tourId, tour.id), eq(offers.isActive, true)))
    .orderBy(asc(offers.position));
  return {
    notesToAgents,
    b2b: rows.map(({ offerId, ...prices }) => ({ offerId, prices })),
  };
}
