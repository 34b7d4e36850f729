// The small shared pieces of the `/api/v1` routes' inputs and answers: path parameters, the
// language and currency parameters, and the answers the integrators' flow relies on (availability,
// a placed booking, a booking, a cancellation). Pure zod: the routes parse with these and the
// OpenAPI document (server/http/openapi.ts) is generated from the very same objects.
import 'server-only';
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { BOOKING_STATUSES } from '@/shared/bookings/list-schema';
import { PAYMENT_METHODS } from '@/shared/bookings/checkout-schema';
import { calendarDay } from '@/shared/dates';
import { DISPLAY_CURRENCIES } from '@/shared/money/money';

/** A catalogue slug in a path (`desert-safari`); anything else names nothing (404). */
export const slugParam = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);
/** A booking reference in a path (`TD-7KQ2M9X`). */
export const referenceParam = z.string().regex(/^TD-[A-Z2-9]{7}$/);

/** Spec §7's `language`: the language of messages and localized texts in the answer. */
export const languageField = z.enum(LOCALES, { error: `One of ${LOCALES.join(', ')}` }).optional();
/** Spec §7's `currencyCode`: the currency of the prices in the answer (AED by default). */
export const currencyField = z.enum(DISPLAY_CURRENCIES, { error: `One of ${DISPLAY_CURRENCIES.join(', ')}` }).default('AED');

const localizedText = z.object({ en: z.string(), ru: z.string() });
const prices = z.object({ adult: z.number().int().nullable(), child: z.number().int().nullable(), trip: z.number().int().nullable() });

export const offerPricesResponse = z.array(
  z.object({ offerId: z.uuid(), currency: z.enum(DISPLAY_CURRENCIES), b2b: prices.nullable(), recommended: prices }),
);

export const ticketsResponse = z.array(
  z.object({
    offerId: z.uuid(),
    tourId: z.uuid(),
    name: localizedText,
    isSameTicketForAdultsAndChildren: z.boolean(),
    minPeople: z.number().int(),
    hasLiveAvailability: z.boolean(),
    retail: prices,
    b2b: prices.nullable(),
  }),
);

/** Spec §3 "availability item": an offer with its date slots. */
export const offerAvailabilityResponse = z.object({
  offerId: z.uuid(),
  stockMode: z.enum(['shared', 'per_type']),
  minPeople: z.number().int(),
  cutOffHours: z.number(),
  hasLiveAvailability: z.boolean(),
  days: z.array(
    z.object({
      date: calendarDay('date'),
      slots: z.array(
        z.object({
          time: z.string(),
          left: z.number().int(),
          leftAdults: z.number().int().nullable(),
          leftChildren: z.number().int().nullable(),
          pastCutOff: z.boolean(),
        }),
      ),
    }),
  ),
  /** Present when the offer is answered on request for now: its supplier could not be reached. */
  onRequestReason: z.enum(['supplierUnavailable']).optional(),
});

/** A booking placed: its reference and status, and for a provider payment what the payer does next. */
export const placedBookingResponse = z.looseObject({
  reference: referenceParam,
  status: z.enum(BOOKING_STATUSES),
  paymentId: z.string().optional(),
});

const refundAmounts = z.object({
  paidMinor: z.number().int(),
  grossRefundMinor: z.number().int(),
  feeMinor: z.number().int(),
  refundMinor: z.number().int(),
});
const refundDestination = z.enum(['balance', 'card', 'crypto', 'sbp']);

/** Spec §3 "Booking", as the agent's role sees it (NET figures null for a role without b2b rates). */
export const bookingResponse = z.looseObject({
  reference: referenceParam,
  status: z.enum(BOOKING_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  createdAt: z.iso.datetime(),
  tourDate: calendarDay('tourDate'),
  startTime: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  guest: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  publishedTotalMinor: z.number().int(),
  netTotalMinor: z.number().int().nullable(),
  /** What cancelling now would refund and keep; null when it can no longer be cancelled. */
  cancellation: z
    .looseObject({
      tier: z.string(),
      percent: z.number(),
      destination: refundDestination,
      /** AED fils; null for a role that may not see b2b figures (they reveal the NET rate). */
      amounts: refundAmounts.nullable(),
    })
    .nullable(),
});

/** A cancellation done: the tier that applied and what is refunded. */
export const cancellationResponse = z.object({
  reference: referenceParam,
  tier: z.string(),
  percent: z.number(),
  destination: refundDestination,
  /** AED fils; null for a role that may not see b2b figures. */
  amounts: refundAmounts.nullable(),
  /** What goes back to the card, wallet or bank account, in the currency charged; null for the balance. */
  charged: refundAmounts.extend({ currency: z.string() }).nullable(),
});

export const PDF = { mediaType: 'application/pdf' };
export const XLSX = { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
