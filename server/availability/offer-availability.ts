import 'server-only';
import type { Database } from '@/server/db/connection';
import { type DateRange, loadOfferAvailability, loadTourAvailability, type OfferAvailability } from './queries';
import { supplierSlots } from './supplier-availability';

// What the picker, spec §7's ByOffer/ByTour and a widget's guest checkout show: every offer's live
// availability whatever its source — our own slots, or a supplier-backed offer's from its supplier
// through the short cache (docs/suppliers.md "Availability from suppliers"). The query module stays
// free of the suppliers' code, since our own inventory's connector reads its slots there.

/** One offer's availability, supplier-backed offers included; null when there is no such bookable offer. */
export function loadLiveOfferAvailability(db: Database, offerId: string, range: DateRange, now: Date): Promise<OfferAvailability | null> {
  return loadOfferAvailability(db, offerId, range, now, supplierSlots);
}

/** Every active offer of an active tour, supplier-backed ones included; null when the tour is unknown. */
export function loadLiveTourAvailability(db: Database, tourId: string, range: DateRange, now: Date): Promise<OfferAvailability[] | null> {
  return loadTourAvailability(db, tourId, range, now, supplierSlots);
}
