'use client';

import { useAgentOfferPrices } from '@/components/catalog/agent-tour-details';
import { BookingPicker, type PickerOffer } from './booking-picker';
import type { BookingLabels } from './labels';

/** The picker with the agent's NET prices (already loaded for the page) beside the retail ones. */
export function BookingPanel({ offer, labels }: { offer: PickerOffer; labels: BookingLabels }) {
  return <BookingPicker offer={offer} netPrices={useAgentOfferPrices(offer.id)} labels={labels} />;
}
