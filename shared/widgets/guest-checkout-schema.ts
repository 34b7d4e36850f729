// A widget guest's checkout form: the portal's checkout fields, with a cap on the party a guest
// may book (and so hold unpaid) online. Pure, shared by the action and the booking rule.
import { checkoutSchema } from '@/shared/bookings/checkout-schema';

/**
 * The most guests one unpaid guest booking may hold: an anonymous form must not take a whole
 * slot's stock with one request. A larger group books through the agency. The number is in the
 * message `widgetBookings.limits.groupTooLarge`.
 */
export const GUEST_MAX_GUESTS = 10;

export function guestCount(counts: { adults: number; children: number; infants: number }): number {
  return counts.adults + counts.children + counts.infants;
}

export const guestCheckoutSchema = checkoutSchema.refine((input) => guestCount(input) <= GUEST_MAX_GUESTS, {
  error: 'widgetBookings.limits.groupTooLarge',
  path: ['adults'],
});
