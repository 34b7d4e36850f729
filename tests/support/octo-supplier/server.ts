// A local OCTO supplier for tests (docs/suppliers.md "The local OCTO supplier"), written from
// OCTO's specification: node:http on 127.0.0.1 at a random port, nothing of Next, so vitest and
// Playwright specs alike can start one. It holds products of both availability types
// (./catalogue.ts), takes seats with reserves, confirms, extends, amends and cancels bookings
// idempotently by uuid, and validates every request it gets with the request schemas of
// @octocloud/types, answering OCTO's errors (400 BAD_REQUEST, INVALID_PRODUCT_ID…, 401, 403) on
// bad ones. Its controls let a test make it slow, dead, or refuse the next confirm.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  zAvailabilitiesAvailabilityCalendarData,
  zCapabilitiesGetData,
  zAvailabilitiesAvailabilityCheckData,
  zBookingsBookingCancellationData,
  zBookingsBookingConfirmationData,
  zBookingsBookingReservationData,
  zBookingsBookingUpdateData,
  zBookingsExtendReservationData,
  zBookingsGetBookingData,
  zBookingsGetBookingsData,
  zProductsGetProductData,
  zProductsGetProductsData,
  zSuppliersGetData,
} from '@octocloud/types/dist/models/zod.gen.js';
import { CATALOGUE, type CatalogueOption, type CatalogueProduct, type CatalogueUnit } from './catalogue';

export type OctoSupplierOptions = {
  /** The key resellers must send as `Authorization: Bearer …`; a random one by default. */
  apiKey?: string;
  /** The supplier's clock (holds expire, past slots close); the real one by default. */
  now?: () => Date;
  /** Seats a slot of each product, overriding the catalogue's. */
  capacity?: Partial<Record<string, number>>;
};

/** One request as the supplier received it, and whether OCTO's request schema accepted it. */
export type RecordedRequest = {
  /** OCTO's operationId (`Bookings_BookingReservation`…), or `unknown` for a path OCTO does not have. */
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** What the operation's request schema (e.g. zBookingsBookingReservationData) was given. */
  data: unknown;
  valid: boolean;
  issues: string | null;
};

export type HeldBooking = {
  uuid: string;
  id: string;
  supplierReference: string;
  resellerReference: string | null;
  status: 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';
  productId: string;
  optionId: string;
  availabilityId: string;
  unitItems: { uuid: string; unitId: string }[];
  contact: Contact;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  confirmedAt: Date | null;
  cancellation: { refund: 'FULL'; reason: string | null; utcCancelledAt: string } | null;
};

export type OctoSupplierHandle = {
  /** The base URL to store on a supplier (`…/octo`). */
  url: string;
  apiKey: string;
  close(): Promise<void>;
  /** Every answer waits this long first. */
  setDelay(ms: number): void;
  /** While down, requests are accepted and never answered (the caller's timeout decides). */
  setDown(down: boolean): void;
  /** The next confirm is refused (400 UNPROCESSABLE_ENTITY); the booking stays on hold. */
  failNextConfirm(): void;
  /** The bookings it holds, in the order made. */
  bookings(): HeldBooking[];
  /** Every request it received, in order. */
  requests: RecordedRequest[];
};

type Contact = {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  locales: string[];
  postalCode: string | null;
  country: string | null;
  notes: string | null;
};

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } } };

/** The products' zone: the Gulf has no daylight saving, so its offset is fixed. */
const TIME_ZONE = 'Asia/Dubai';
const OFFSET = '+04:00';
const CURRENCY = 'AED';
const PRECISION = 2;
const MAX_RANGE_DAYS = 400;
const DEFAULT_HOLD_MINUTES = 30;

class OctoFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorMessage: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(`${error}: ${errorMessage}`);
  }
}

const invalidProduct = (productId: string) => new OctoFailure(400, 'INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId });
const invalidOption = (optionId: string) => new OctoFailure(400, 'INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId });
const invalidUnit = (unitId: string) => new OctoFailure(400, 'INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId });
const invalidAvailability = (availabilityId: string) =>
  new OctoFailure(400, 'INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId });
const invalidBooking = (uuid: string) => new OctoFailure(400, 'INVALID_BOOKING_UUID', 'The booking uuid was missing or invalid', { uuid });
const badRequest = (message: string) => new OctoFailure(400, 'BAD_REQUEST', message);
const unprocessable = (message: string) => new OctoFailure(400, 'UNPROCESSABLE_ENTITY', message);

function emptyContact(): Contact {
  return { fullName: null, firstName: null, lastName: null, emailAddress: null, phoneNumber: null, locales: [], postalCode: null, country: null, notes: null };
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function isDate(value: string | undefined): value is string {
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  // A day that does not exist (30 February) is refused, not rolled over into the next month.
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

function pricing(retail: number, net: number) {
  return { original: retail, retail, net, currency: CURRENCY, currencyPrecision: PRECISION, includedTaxes: [] };
}

export async function startOctoSupplier(options: OctoSupplierOptions = {}): Promise<OctoSupplierHandle> {
  const apiKey = options.apiKey ?? `octo-test-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const held = new Map<string, HeldBooking>();
  const requests: RecordedRequest[] = [];
  let delayMs = 0;
  let down = false;
  let refuseNextConfirm = false;
  let references = 0;
  let endpoint = '';

  const capacityOf = (product: CatalogueProduct) => options.capacity?.[product.id] ?? product.capacity;

  function findProduct(productId: string): CatalogueProduct {
    const product = CATALOGUE.find((entry) => entry.id === productId);
    if (!product) throw invalidProduct(productId);
    return product;
  }

  function findOption(product: CatalogueProduct, optionId: string): CatalogueOption {
    const option = product.options.find((entry) => entry.id === optionId);
    if (!option) throw invalidOption(optionId);
    return option;
  }

  function findUnit(option: CatalogueOption, unitId: string): CatalogueUnit {
    const unit = option.units.find((entry) => entry.id === unitId);
    if (!unit) throw invalidUnit(unitId);
    return unit;
  }

  /** Holds past their expiry are over: their seats are free again. */
  function expireHolds() {
    const at = now();
    for (const booking of held.values()) {
      if (booking.status === 'ON_HOLD' && booking.expiresAt && booking.expiresAt <= at) {
        booking.status = 'EXPIRED';
        booking.updatedAt = at;
      }
    }
  }

  function seatsTaken(productId: string, optionId: string, availabilityId: string, except?: string): number {
    let taken = 0;
    for (const booking of held.values()) {
      if (booking.uuid === except) continue;
      if (booking.productId !== productId || booking.optionId !== optionId || booking.availabilityId !== availabilityId) continue;
      if (booking.status === 'ON_HOLD' || booking.status === 'CONFIRMED') taken += booking.unitItems.length;
    }
    return taken;
  }

  type Slot = { id: string; date: string; time: string; start: string; end: string; allDay: boolean; startsAt: Date };

  function slotsOf(product: CatalogueProduct, option: CatalogueOption, date: string): Slot[] {
    if (product.availabilityType === 'OPENING_HOURS') {
      const start = `${date}T00:00:00${OFFSET}`;
      return [{ id: start, date, time: '00:00', start, end: `${addDays(date, 1)}T00:00:00${OFFSET}`, allDay: true, startsAt: new Date(`${date}T${product.openingHours.to}:00${OFFSET}`) }];
    }
    return option.startTimes.map((time) => {
      const start = `${date}T${time}:00${OFFSET}`;
      const startsAt = new Date(start);
      const end = new Date(startsAt.getTime() + product.durationMinutes * 60_000 + 4 * 3_600_000).toISOString().slice(0, 19) + OFFSET;
      return { id: start, date, time, start, end, allDay: false, startsAt };
    });
  }

  function slotById(product: CatalogueProduct, option: CatalogueOption, availabilityId: string): Slot {
    const date = availabilityId.slice(0, 10);
    if (!isDate(date)) throw invalidAvailability(availabilityId);
    const slot = slotsOf(product, option, date).find((entry) => entry.id === availabilityId);
    if (!slot) throw invalidAvailability(availabilityId);
    return slot;
  }

  function unitCounts(option: CatalogueOption, units: { id: string; quantity: number }[] | undefined) {
    const counts = (units ?? []).map((unit) => ({ unit: findUnit(option, unit.id), quantity: unit.quantity }));
    return { counts, total: counts.reduce((sum, entry) => sum + entry.quantity, 0) };
  }

  function availabilityOf(product: CatalogueProduct, option: CatalogueOption, slot: Slot, requested: number, withPricing: boolean, except?: string) {
    const capacity = capacityOf(product);
    const closed = slot.startsAt <= now();
    const vacancies = closed ? 0 : Math.max(0, capacity - seatsTaken(product.id, option.id, slot.id, except));
    const status = closed ? 'CLOSED' : vacancies === 0 ? 'SOLD_OUT' : vacancies <= Math.ceil(capacity / 5) ? 'LIMITED' : 'AVAILABLE';
    const cutoff = new Date(slot.startsAt.getTime() - (product.availabilityType === 'START_TIME' ? 3_600_000 : 0));
    return {
      id: slot.id,
      localDateTimeStart: slot.start,
      localDateTimeEnd: slot.end,
      utcCutoffAt: cutoff.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      allDay: slot.allDay,
      available: !closed && vacancies > 0 && requested <= vacancies,
      status,
      vacancies,
      capacity,
      maxUnits: null,
      openingHours: [product.openingHours],
      ...(withPricing ? { unitPricing: option.units.map((unit) => ({ ...pricing(unit.retail, unit.net), unitId: unit.id })) } : {}),
    };
  }

  function productJson(product: CatalogueProduct, capabilities: string[]) {
    const withPricing = capabilities.includes('octo/pricing');
    const withContent = capabilities.includes('octo/content');
    return {
      id: product.id,
      internalName: product.title,
      reference: product.id.toUpperCase(),
      locale: 'en',
      timeZone: TIME_ZONE,
      allowFreesale: false,
      instantConfirmation: true,
      instantDelivery: true,
      availabilityRequired: true,
      availabilityType: product.availabilityType,
      deliveryFormats: ['QRCODE'],
      deliveryMethods: ['VOUCHER', 'TICKET'],
      redemptionMethod: 'DIGITAL',
      options: product.options.map((option) => ({
        id: option.id,
        default: option === product.options[0],
        internalName: option.title,
        reference: null,
        availabilityLocalStartTimes: option.startTimes,
        cancellationCutoff: '24 hours',
        cancellationCutoffAmount: 24,
        cancellationCutoffUnit: 'hour',
        requiredContactFields: ['firstName', 'lastName', 'emailAddress'],
        restrictions: { minUnits: 1, maxUnits: 10 },
        units: option.units.map((unit) => ({
          id: unit.id,
          internalName: unit.title,
          reference: unit.type,
          type: unit.type,
          restrictions: { minAge: unit.minAge, maxAge: unit.maxAge, idRequired: false, minQuantity: null, maxQuantity: null, paxCount: 1, accompaniedBy: [] },
          requiredContactFields: [],
          ...(withPricing ? { pricingFrom: [pricing(unit.retail, unit.net)] } : {}),
          ...(withContent ? { title: unit.title, shortDescription: `${unit.title}, ${unit.minAge}–${unit.maxAge}` } : {}),
        })),
        ...(withContent ? { title: option.title, shortDescription: null, description: null } : {}),
      })),
      ...(withPricing ? { defaultCurrency: CURRENCY, availableCurrencies: [CURRENCY], pricingPer: 'UNIT' } : {}),
      ...(withContent
        ? {
            title: product.title,
            shortDescription: product.shortDescription,
            description: product.description,
            media: product.images.map((src) => ({ src, type: 'image/jpeg', rel: 'GALLERY', title: null, caption: null, copyright: null })),
            durationMinutesFrom: product.durationMinutes,
          }
        : {}),
    };
  }

  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

  function bookingJson(booking: HeldBooking, capabilities: string[]) {
    const product = findProduct(booking.productId);
    const option = findOption(product, booking.optionId);
    const slot = slotById(product, option, booking.availabilityId);
    const withPricing = capabilities.includes('octo/pricing');
    const confirmed = booking.status === 'CONFIRMED';
    const items = booking.unitItems.map((item) => {
      const unit = findUnit(option, item.unitId);
      return { item, unit };
    });
    return {
      id: booking.id,
      uuid: booking.uuid,
      testMode: true,
      resellerReference: booking.resellerReference,
      supplierReference: booking.supplierReference,
      status: booking.status,
      utcCreatedAt: iso(booking.createdAt),
      utcUpdatedAt: iso(booking.updatedAt),
      utcExpiresAt: booking.expiresAt ? iso(booking.expiresAt) : null,
      utcRedeemedAt: null,
      utcConfirmedAt: booking.confirmedAt ? iso(booking.confirmedAt) : null,
      productId: booking.productId,
      optionId: booking.optionId,
      cancellable: booking.status === 'ON_HOLD' || booking.status === 'CONFIRMED',
      cancellation: booking.cancellation,
      freesale: false,
      availabilityId: booking.availabilityId,
      availability: availabilityOf(product, option, slot, 0, false),
      contact: booking.contact,
      notes: booking.notes,
      deliveryMethods: ['VOUCHER', 'TICKET'],
      voucher: confirmed
        ? { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [{ deliveryFormat: 'QRCODE', deliveryValue: `${booking.supplierReference}` }] }
        : null,
      unitItems: items.map(({ item, unit }, index) => ({
        uuid: item.uuid,
        resellerReference: null,
        supplierReference: `${booking.supplierReference}-${index + 1}`,
        unitId: unit.id,
        unit: {
          id: unit.id,
          internalName: unit.title,
          reference: unit.type,
          type: unit.type,
          restrictions: { minAge: unit.minAge, maxAge: unit.maxAge, idRequired: false, minQuantity: null, maxQuantity: null, paxCount: 1, accompaniedBy: [] },
          requiredContactFields: [],
        },
        status: booking.status,
        utcRedeemedAt: null,
        contact: emptyContact(),
        ticket: confirmed
          ? { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [{ deliveryFormat: 'QRCODE', deliveryValue: `${booking.supplierReference}-${index + 1}` }] }
          : null,
        ...(withPricing ? { pricing: pricing(unit.retail, unit.net) } : {}),
      })),
      ...(withPricing
        ? {
            pricing: pricing(
              items.reduce((sum, { unit }) => sum + unit.retail, 0),
              items.reduce((sum, { unit }) => sum + unit.net, 0),
            ),
          }
        : {}),
    };
  }

  function findBooking(uuid: string): HeldBooking {
    expireHolds();
    const booking = held.get(uuid);
    if (!booking) throw invalidBooking(uuid);
    return booking;
  }

  function range(body: { localDateStart?: string; localDateEnd?: string }): string[] {
    if (!isDate(body.localDateStart) || !isDate(body.localDateEnd)) throw badRequest('localDateStart and localDateEnd (YYYY-MM-DD) are required');
    const days: string[] = [];
    for (let day = body.localDateStart; day <= body.localDateEnd; day = addDays(day, 1)) {
      days.push(day);
      if (days.length > MAX_RANGE_DAYS) throw badRequest(`The range is longer than ${MAX_RANGE_DAYS} days`);
    }
    return days;
  }

  function takeSeats(product: CatalogueProduct, option: CatalogueOption, availabilityId: string, count: number, except?: string) {
    const slot = slotById(product, option, availabilityId);
    if (slot.startsAt <= now()) throw unprocessable('This availability is closed');
    const vacancies = capacityOf(product) - seatsTaken(product.id, option.id, availabilityId, except);
    if (count > vacancies) throw unprocessable(`Sold out: ${Math.max(0, vacancies)} vacancies left for ${count} units`);
  }

  type Body = Record<string, unknown> & {
    productId?: string;
    optionId?: string;
    availabilityId?: string;
    availabilityIds?: string[];
    localDateStart?: string;
    localDateEnd?: string;
    units?: { id: string; quantity: number }[];
    uuid?: string;
    expirationMinutes?: number;
    notes?: string | null;
    unitItems?: { unitId: string }[];
    resellerReference?: string;
    contact?: Partial<Contact>;
    reason?: string | null;
  };

  type Route = { operation: string; method: string; pattern: RegExp; schema: Schema; handle(ctx: { body: Body; params: string[]; query: URLSearchParams; capabilities: string[] }): unknown };

  const routes: Route[] = [
    {
      operation: 'Suppliers_get',
      method: 'GET',
      pattern: /^\/supplier$/,
      schema: zSuppliersGetData,
      handle: () => ({
        id: 'local-octo-supplier',
        name: 'Local OCTO Supplier',
        endpoint,
        contact: { website: null, email: 'ops@supplier.test', telephone: null, address: null },
      }),
    },
    {
      operation: 'Capabilities_get',
      method: 'GET',
      pattern: /^\/capabilities$/,
      schema: zCapabilitiesGetData,
      handle: () =>
        ['octo/pricing', 'octo/content'].map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null })),
    },
    {
      operation: 'Products_GetProducts',
      method: 'GET',
      pattern: /^\/products$/,
      schema: zProductsGetProductsData,
      handle: ({ capabilities }) => CATALOGUE.map((product) => productJson(product, capabilities)),
    },
    {
      operation: 'Products_GetProduct',
      method: 'GET',
      pattern: /^\/products\/([^/]+)$/,
      schema: zProductsGetProductData,
      handle: ({ params, capabilities }) => productJson(findProduct(params[0] ?? ''), capabilities),
    },
    {
      operation: 'Availabilities_AvailabilityCalendar',
      method: 'POST',
      pattern: /^\/availability\/calendar$/,
      schema: zAvailabilitiesAvailabilityCalendarData,
      handle: ({ body, capabilities }) => {
        const product = findProduct(body.productId ?? '');
        const option = findOption(product, body.optionId ?? '');
        const { total } = unitCounts(option, body.units);
        expireHolds();
        const withPricing = capabilities.includes('octo/pricing');
        return range(body).map((date) => {
          const slots = slotsOf(product, option, date).map((slot) => availabilityOf(product, option, slot, total, false));
          const open = slots.filter((slot) => slot.status !== 'CLOSED');
          const vacancies = open.reduce((sum, slot) => sum + slot.vacancies, 0);
          const capacity = slots.reduce((sum, slot) => sum + slot.capacity, 0);
          const status = open.length === 0 ? 'CLOSED' : vacancies === 0 ? 'SOLD_OUT' : open.some((slot) => slot.status === 'AVAILABLE') ? 'AVAILABLE' : 'LIMITED';
          return {
            localDate: date,
            available: slots.some((slot) => slot.available),
            status,
            vacancies,
            capacity,
            openingHours: [product.openingHours],
            ...(withPricing ? { unitPricingFrom: option.units.map((unit) => ({ ...pricing(unit.retail, unit.net), unitId: unit.id })) } : {}),
          };
        });
      },
    },
    {
      operation: 'Availabilities_AvailabilityCheck',
      method: 'POST',
      pattern: /^\/availability$/,
      schema: zAvailabilitiesAvailabilityCheckData,
      handle: ({ body, capabilities }) => {
        const product = findProduct(body.productId ?? '');
        const option = findOption(product, body.optionId ?? '');
        const { total } = unitCounts(option, body.units);
        expireHolds();
        const withPricing = capabilities.includes('octo/pricing');
        if (body.availabilityIds && body.availabilityIds.length > 0) {
          return body.availabilityIds.map((id) => availabilityOf(product, option, slotById(product, option, id), total, withPricing));
        }
        return range(body)
          .flatMap((date) => slotsOf(product, option, date))
          .filter((slot) => slot.startsAt > now())
          .map((slot) => availabilityOf(product, option, slot, total, withPricing));
      },
    },
    {
      operation: 'Bookings_GetBookings',
      method: 'GET',
      pattern: /^\/bookings$/,
      schema: zBookingsGetBookingsData,
      handle: ({ query, capabilities }) => {
        const resellerReference = query.get('resellerReference');
        const supplierReference = query.get('supplierReference');
        if (!resellerReference && !supplierReference) throw badRequest('resellerReference or supplierReference is required');
        expireHolds();
        return [...held.values()]
          .filter((booking) => (!resellerReference || booking.resellerReference === resellerReference) && (!supplierReference || booking.supplierReference === supplierReference))
          .map((booking) => bookingJson(booking, capabilities));
      },
    },
    {
      operation: 'Bookings_BookingReservation',
      method: 'POST',
      pattern: /^\/bookings$/,
      schema: zBookingsBookingReservationData,
      handle: ({ body, capabilities }) => {
        expireHolds();
        const uuid = body.uuid ?? randomUUID();
        const existing = held.get(uuid);
        // The reseller's uuid makes a reserve idempotent: a retry answers the booking it made.
        if (existing) {
          if (existing.productId !== body.productId || existing.optionId !== body.optionId) throw unprocessable('This uuid is already used by another booking');
          return bookingJson(existing, capabilities);
        }
        const product = findProduct(body.productId ?? '');
        const option = findOption(product, body.optionId ?? '');
        const items = body.unitItems ?? [];
        if (items.length === 0) throw unprocessable('unitItems must not be empty');
        for (const item of items) findUnit(option, item.unitId);
        if (!body.availabilityId) throw invalidAvailability('');
        takeSeats(product, option, body.availabilityId, items.length);
        const at = now();
        references += 1;
        const booking: HeldBooking = {
          uuid,
          id: randomUUID(),
          supplierReference: `LOS-${String(references).padStart(5, '0')}`,
          resellerReference: body.resellerReference ?? null,
          status: 'ON_HOLD',
          productId: product.id,
          optionId: option.id,
          availabilityId: body.availabilityId,
          unitItems: items.map((item) => ({ uuid: randomUUID(), unitId: item.unitId })),
          contact: { ...emptyContact(), ...body.contact },
          notes: body.notes ?? null,
          createdAt: at,
          updatedAt: at,
          expiresAt: new Date(at.getTime() + (body.expirationMinutes ?? DEFAULT_HOLD_MINUTES) * 60_000),
          confirmedAt: null,
          cancellation: null,
        };
        held.set(uuid, booking);
        return bookingJson(booking, capabilities);
      },
    },
    {
      operation: 'Bookings_GetBooking',
      method: 'GET',
      pattern: /^\/bookings\/([^/]+)$/,
      schema: zBookingsGetBookingData,
      handle: ({ params, capabilities }) => bookingJson(findBooking(params[0] ?? ''), capabilities),
    },
    {
      operation: 'Bookings_BookingUpdate',
      method: 'PATCH',
      pattern: /^\/bookings\/([^/]+)$/,
      schema: zBookingsBookingUpdateData,
      handle: ({ params, body, capabilities }) => {
        const booking = findBooking(params[0] ?? '');
        if (booking.status !== 'ON_HOLD' && booking.status !== 'CONFIRMED') throw unprocessable(`A ${booking.status} booking cannot be changed`);
        const product = findProduct(body.productId ?? booking.productId);
        const option = findOption(product, body.optionId ?? booking.optionId);
        const availabilityId = body.availabilityId ?? booking.availabilityId;
        const items = body.unitItems ?? booking.unitItems;
        if (items.length === 0) throw unprocessable('unitItems must not be empty');
        for (const item of items) findUnit(option, item.unitId);
        takeSeats(product, option, availabilityId, items.length, booking.uuid);
        Object.assign(booking, {
          productId: product.id,
          optionId: option.id,
          availabilityId,
          unitItems: body.unitItems ? body.unitItems.map((item) => ({ uuid: randomUUID(), unitId: item.unitId })) : booking.unitItems,
          contact: body.contact ? { ...booking.contact, ...body.contact } : booking.contact,
          notes: body.notes === undefined ? booking.notes : body.notes,
          resellerReference: body.resellerReference ?? booking.resellerReference,
          updatedAt: now(),
        });
        if (body.expirationMinutes && booking.status === 'ON_HOLD') booking.expiresAt = new Date(now().getTime() + body.expirationMinutes * 60_000);
        return bookingJson(booking, capabilities);
      },
    },
    {
      operation: 'Bookings_BookingConfirmation',
      method: 'POST',
      pattern: /^\/bookings\/([^/]+)\/confirm$/,
      schema: zBookingsBookingConfirmationData,
      handle: ({ params, body, capabilities }) => {
        const booking = findBooking(params[0] ?? '');
        if (booking.status === 'CONFIRMED') return bookingJson(booking, capabilities);
        if (booking.status !== 'ON_HOLD') throw unprocessable(`A ${booking.status} booking cannot be confirmed`);
        if (refuseNextConfirm) {
          refuseNextConfirm = false;
          throw unprocessable('The supplier could not confirm this booking');
        }
        const at = now();
        Object.assign(booking, {
          status: 'CONFIRMED',
          resellerReference: body.resellerReference ?? booking.resellerReference,
          contact: { ...booking.contact, ...body.contact },
          expiresAt: null,
          confirmedAt: at,
          updatedAt: at,
        });
        return bookingJson(booking, capabilities);
      },
    },
    {
      operation: 'Bookings_ExtendReservation',
      method: 'POST',
      pattern: /^\/bookings\/([^/]+)\/extend$/,
      schema: zBookingsExtendReservationData,
      handle: ({ params, body, capabilities }) => {
        const booking = findBooking(params[0] ?? '');
        if (booking.status !== 'ON_HOLD') throw unprocessable(`A ${booking.status} booking cannot be extended`);
        booking.expiresAt = new Date(now().getTime() + (body.expirationMinutes ?? DEFAULT_HOLD_MINUTES) * 60_000);
        booking.updatedAt = now();
        return bookingJson(booking, capabilities);
      },
    },
    {
      operation: 'Bookings_BookingCancellation',
      method: 'POST',
      pattern: /^\/bookings\/([^/]+)\/cancel$/,
      schema: zBookingsBookingCancellationData,
      handle: ({ params, body, capabilities }) => {
        const booking = findBooking(params[0] ?? '');
        if (booking.status === 'CANCELLED') return bookingJson(booking, capabilities);
        if (booking.status !== 'ON_HOLD' && booking.status !== 'CONFIRMED') throw unprocessable(`A ${booking.status} booking cannot be cancelled`);
        const at = now();
        Object.assign(booking, { status: 'CANCELLED', expiresAt: null, updatedAt: at, cancellation: { refund: 'FULL', reason: body.reason ?? null, utcCancelledAt: iso(at) } });
        return bookingJson(booking, capabilities);
      },
    },
  ];

  function send(response: http.ServerResponse, status: number, body: unknown, capabilities: string[]) {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'octo-capabilities': capabilities.join(', '),
    });
    response.end(text);
  }

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', 'http://supplier.test');
    // Paths are served with and without a trailing slash, under the `/octo` base.
    const path = url.pathname.replace(/^\/octo(?=\/|$)/, '').replace(/\/+$/, '') || '/';
    const method = request.method ?? 'GET';
    const capabilitiesHeader = typeof request.headers['octo-capabilities'] === 'string' ? request.headers['octo-capabilities'] : undefined;
    const capabilities = (capabilitiesHeader ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry === 'octo/pricing' || entry === 'octo/content');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;

    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const route = routes.find((entry) => entry.method === method && entry.pattern.test(path));
    const params = route ? (route.pattern.exec(path) ?? []).slice(1).map((param) => decodeURIComponent(param)) : [];
    const query = Object.fromEntries(url.searchParams);
    const data = {
      body,
      ...(params.length > 0 ? { path: route?.operation === 'Products_GetProduct' ? { id: params[0] } : { uuid: params[0] } } : {}),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      headers: {
        ...(capabilitiesHeader === undefined ? {} : { 'Octo-Capabilities': capabilitiesHeader }),
        ...(typeof request.headers['accept-language'] === 'string' ? { 'Accept-Language': request.headers['accept-language'] } : {}),
      },
    };
    const parsed = route?.schema.safeParse(data);
    const issues = parsed && !parsed.success ? (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : null;
    requests.push({ operation: route?.operation ?? 'unknown', method, path, headers, body, data, valid: Boolean(parsed?.success), issues });

    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (down || response.destroyed) return;

    const authorization = request.headers.authorization;
    if (!authorization || !authorization.startsWith('Bearer ')) {
      send(response, 401, { error: 'UNAUTHORIZED', errorMessage: "You didn't send the API Key in the Authorization header to an endpoint that requires authentication" }, capabilities);
      return;
    }
    if (authorization.slice('Bearer '.length) !== apiKey) {
      send(response, 403, { error: 'FORBIDDEN', errorMessage: 'You sent an API Key that was invalid or has been revoked by the backend system' }, capabilities);
      return;
    }
    if (!route) {
      send(response, 404, { error: 'BAD_REQUEST', errorMessage: `No such endpoint: ${method} ${url.pathname}` }, capabilities);
      return;
    }
    if (!parsed?.success) {
      send(response, 400, { error: 'BAD_REQUEST', errorMessage: `The request does not follow OCTO's schema: ${issues}` }, capabilities);
      return;
    }
    try {
      const result = route.handle({ body: (body ?? {}) as Body, params, query: url.searchParams, capabilities });
      send(response, 200, result, capabilities);
    } catch (error) {
      if (error instanceof OctoFailure) {
        send(response, error.status, { error: error.error, errorMessage: error.errorMessage, ...error.extra }, capabilities);
        return;
      }
      send(response, 500, { error: 'INTERNAL_SERVER_ERROR', errorMessage: 'There was an un-recoverable error, please try again' }, capabilities);
      throw error;
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void answer(request, response, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        // Surfaced to the test's output: the supplier itself broke, which no test expects.
        process.stderr.write(`local OCTO supplier: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}/octo`;

  return {
    url: endpoint,
    apiKey,
    requests,
    setDelay: (ms) => {
      delayMs = ms;
    },
    setDown: (value) => {
      down = value;
    },
    failNextConfirm: () => {
      refuseNextConfirm = true;
    },
    bookings: () => {
      expireHolds();
      return [...held.values()].map((booking) => ({ ...booking, unitItems: [...booking.unitItems], contact: { ...booking.contact } }));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
