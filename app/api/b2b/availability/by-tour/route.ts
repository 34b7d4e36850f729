import { availabilityResponse } from '@/server/availability/availability-route';
import { loadTourAvailability } from '@/server/availability/queries';

/** Spec §7 "GET /b2b/availability/ByTour": every offer of a tour, from `from` to `to`, never before today in Dubai. */
export function GET(request: Request) {
  return availabilityResponse(request, loadTourAvailability);
}
