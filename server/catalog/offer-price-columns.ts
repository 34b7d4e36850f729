import 'server-only';
import { offers } from '@/server/db/schema';

/** An offer's prices as selected with it: the retail (recommended) and the b2b (NET) rates, per adult, child and trip. */
export const offerPriceColumns = {
  retail: { adult: offers.recPricePerAdult, child: offers.recPricePerChild, trip: offers.recPricePerTrip },
  b2b: { adult: offers.pricePerAdult, child: offers.pricePerChild, trip: offers.pricePerTrip },
};
