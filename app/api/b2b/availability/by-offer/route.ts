import { availabilityResponse } from '@/server/availability/availability-route';
import { loadOfferAvailability } from '@/server/availability/queries';

/**
 * Spec §7 "GET /b2b/availability/ByOffer": one offer's slots from `from` to `to`, never before
 * today in Dubai. The tour page's picker asks for one month at a time.
 */
export function GET(request: Request) {
  return availabilityResponse(request, loadOfferAvailability);
}
