import 'server-only';
import type { zAvailability, zAvailabilityCalendar, zBooking, zPricing, zProduct, zUnit } from '@octocloud/types/dist/models/zod.gen.js';
import type {
  SupplierBooking,
  SupplierBookingState,
  SupplierCalendarDay,
  SupplierMoney,
  SupplierProduct,
  SupplierSlot,
  SupplierSlotStatus,
  SupplierUnit,
  UnitType,
} from '../connector';

// OCTO's shapes (parsed with the schemas of @octocloud/types) into the connector's: dates and times
// local to the product, money in minor units of its currency, our state names.

type OctoProduct = ReturnType<(typeof zProduct)['parse']>;
type OctoUnit = ReturnType<(typeof zUnit)['parse']>;
type OctoPricing = ReturnType<(typeof zPricing)['parse']>;
type OctoAvailability = ReturnType<(typeof zAvailability)['parse']>;
type OctoCalendarDay = ReturnType<(typeof zAvailabilityCalendar)['parse']>;
type OctoBooking = ReturnType<(typeof zBooking)['parse']>;

/** Where a product does not say its zone: the portal's own (its tours are in the UAE). */
const DEFAULT_TIME_ZONE = 'Asia/Dubai';

const UNIT_TYPES: Partial<Record<OctoUnit['type'], UnitType>> = { ADULT: 'adult', CHILD: 'child', INFANT: 'infant' };

export function unitTypeOf(octoType: string | undefined): UnitType | null {
  return (octoType && UNIT_TYPES[octoType as OctoUnit['type']]) || null;
}

/** Digits after the point in `currency`'s minor unit (AED 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * OCTO amounts are integers at the answer's `currencyPrecision`; ours are minor units of the
 * currency. They agree for almost every supplier; where they differ the amount is rescaled
 * (rounded half away from zero).
 */
export function toMinorUnits(amount: number, currency: string, precision: number): number {
  const shift = currencyDigits(currency) - precision;
  if (shift === 0) return amount;
  const scaled = amount * 10 ** shift;
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

function money(pricing: OctoPricing | undefined, field: 'net' | 'retail'): SupplierMoney | null {
  if (!pricing) return null;
  const amount = pricing[field];
  if (amount === null) return null;
  return { amountMinor: toMinorUnits(amount, pricing.currency, pricing.currencyPrecision), currency: pricing.currency };
}

/** The price list in `currency` when the supplier gives one, else its first. */
function pick(prices: OctoPricing[] | undefined, currency: string): OctoPricing | undefined {
  return prices?.find((price) => price.currency === currency) ?? prices?.[0];
}

function mapUnit(unit: OctoUnit, currency: string): SupplierUnit {
  const pricing = pick(unit.pricingFrom ?? unit.pricing, currency);
  return {
    id: unit.id,
    type: unitTypeOf(unit.type),
    title: unit.title ?? unit.internalName,
    net: money(pricing, 'net'),
    retail: money(pricing, 'retail'),
  };
}

export function mapProduct(product: OctoProduct, currency: string): SupplierProduct {
  return {
    id: product.id,
    title: product.title ?? product.internalName,
    description: product.description ?? product.shortDescription ?? '',
    availabilityType: product.availabilityType === 'OPENING_HOURS' ? 'opening_hours' : 'start_time',
    timeZone: product.timeZone ?? DEFAULT_TIME_ZONE,
    options: product.options.map((option) => ({
      id: option.id,
      title: option.title ?? option.internalName,
      units: option.units.map((unit) => mapUnit(unit, currency)),
    })),
    images: (product.media ?? []).filter((media) => media.type.startsWith('image/')).map((media) => media.src),
  };
}

const SLOT_STATUS: Record<OctoAvailability['status'], SupplierSlotStatus> = {
  AVAILABLE: 'available',
  FREESALE: 'available',
  LIMITED: 'limited',
  SOLD_OUT: 'sold_out',
  CLOSED: 'closed',
};

export function mapSlot(slot: OctoAvailability): SupplierSlot {
  return {
    availabilityId: slot.id,
    date: slot.localDateTimeStart.slice(0, 10),
    startTime: slot.localDateTimeStart.slice(11, 16),
    status: SLOT_STATUS[slot.status],
    vacancies: slot.vacancies,
    openingHours: slot.openingHours.map((hours) => ({ from: hours.from, to: hours.to })),
    unitPrices: (slot.unitPricing ?? []).map((price) => ({ unitId: price.unitId, net: money(price, 'net'), retail: money(price, 'retail') })),
  };
}

export function mapCalendarDay(day: OctoCalendarDay): SupplierCalendarDay {
  return { date: day.localDate, status: SLOT_STATUS[day.status], vacancies: day.vacancies };
}

const BOOKING_STATE: Record<OctoBooking['status'], SupplierBookingState> = {
  ON_HOLD: 'on_hold',
  CONFIRMED: 'confirmed',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  PENDING: 'pending',
  REDEEMED: 'redeemed',
  // The supplier turned a pending booking down: for us it is over, like a cancellation.
  REJECTED: 'cancelled',
};

/** Formats that are codes to print; PDF and wallet-pass URLs are links, not codes. */
const CODE_FORMATS = new Set(['QRCODE', 'CODE128', 'AZTECCODE', 'PDF417', 'TEXT']);

export function mapBooking(booking: OctoBooking): SupplierBooking {
  const tickets: SupplierBooking['tickets'] = [];
  for (const option of booking.voucher?.deliveryOptions ?? []) {
    if (CODE_FORMATS.has(option.deliveryFormat)) tickets.push({ unitType: null, code: option.deliveryValue, format: option.deliveryFormat });
  }
  for (const item of booking.unitItems) {
    for (const option of item.ticket?.deliveryOptions ?? []) {
      if (CODE_FORMATS.has(option.deliveryFormat)) tickets.push({ unitType: unitTypeOf(item.unit?.type), code: option.deliveryValue, format: option.deliveryFormat });
    }
  }
  return {
    uuid: booking.uuid,
    reference: booking.supplierReference,
    state: BOOKING_STATE[booking.status],
    holdExpiresAt: booking.status === 'ON_HOLD' && booking.utcExpiresAt ? new Date(booking.utcExpiresAt) : null,
    tickets,
  };
}
