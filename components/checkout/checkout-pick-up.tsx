'use client';

import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import type { CheckoutField } from '@/shared/bookings/checkout-schema';
import type { PickUpMode } from '@/shared/bookings/offer-terms';
import type { CheckoutErrors, CheckoutFormLabels, CheckoutHotel } from './checkout-form-types';

/** Pick-up (the hotel, by city, with its pick-up time, and the room) and the notes; an offer without pick-up asks only the notes. */
export function CheckoutPickUp({
  pickUp,
  hotels,
  hotelId,
  onHotelChange,
  labels,
  errors,
  values,
}: {
  pickUp: PickUpMode;
  hotels: CheckoutHotel[];
  /** The chosen hotel ('' for none): the select is controlled, so a restored draft shows its pick-up time. */
  hotelId: string;
  onHotelChange: (hotelId: string) => void;
  labels: Pick<CheckoutFormLabels, 'pickUp' | 'pickUpMode' | 'pickUpCityOnly' | 'hotel' | 'chooseHotel' | 'noHotel' | 'room' | 'notes'>;
  errors: CheckoutErrors;
  values: Partial<Record<CheckoutField, string>>;
}) {
  const hotel = hotels.find((candidate) => candidate.id === hotelId);
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-lg font-semibold">{labels.pickUp}</legend>
      <p className="text-sm text-muted-foreground" data-testid="pick-up-mode" data-mode={pickUp}>
        {labels.pickUpMode}
      </p>
      {pickUp !== 'none' ? (
        <>
          {labels.pickUpCityOnly ? <p className="text-sm text-muted-foreground">{labels.pickUpCityOnly}</p> : null}
          <FormField name="hotelId" label={labels.hotel} error={errors.hotelId}>
            <select
              name="hotelId"
              value={hotelId}
              required={pickUp === 'included'}
              onChange={(event) => onHotelChange(event.target.value)}
              className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm"
            >
              {/* Included pick-up has no "No pick-up": the agent must choose, so the placeholder cannot be sent as a choice. */}
              <option value="" disabled={pickUp === 'included'}>
                {pickUp === 'included' ? labels.chooseHotel : labels.noHotel}
              </option>
              {groupByCity(hotels).map(([city, cityHotels]) => (
                <optgroup key={city} label={city}>
                  {cityHotels.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </FormField>
          {hotel ? (
            <p className="text-sm" aria-live="polite" data-testid="pick-up-time">
              {hotel.pickUpText}
            </p>
          ) : null}
        </>
      ) : null}
      <div className={pickUp === 'none' ? 'grid gap-4' : 'grid gap-4 md:grid-cols-[160px_1fr]'}>
        {pickUp !== 'none' ? (
          <FormField name="room" label={labels.room} error={errors.room}>
            <Input name="room" defaultValue={values.room} maxLength={20} />
          </FormField>
        ) : null}
        <FormField name="notes" label={labels.notes} error={errors.notes}>
          <Input name="notes" defaultValue={values.notes} maxLength={1000} />
        </FormField>
      </div>
    </fieldset>
  );
}

function groupByCity(hotels: CheckoutHotel[]): [string, CheckoutHotel[]][] {
  const groups = new Map<string, CheckoutHotel[]>();
  for (const hotel of hotels) groups.set(hotel.cityName, [...(groups.get(hotel.cityName) ?? []), hotel]);
  return [...groups];
}
