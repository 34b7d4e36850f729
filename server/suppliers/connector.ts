import 'server-only';

// The supplier connector (docs/suppliers.md): one interface for wherever a tour's inventory lives.
// Our own tables and any OCTO supplier implement it, so the picker, checkout and booking code ask
// one interface whatever the source. The shapes follow OCTO's (products with options and units,
// availability by id, a booking reserved with an expiry then confirmed) in our own units: dates
// `yyyy-MM-dd` and times `HH:mm` local to the product, money in minor units with its currency.

export type UnitType = 'adult' | 'child' | 'infant';

/** An amount in minor units of `currency`. */
export type SupplierMoney = { amountMinor: number; currency: string };

export type SupplierUnit = {
  id: string;
  /** The guest type it is sold as, when the supplier's unit type maps to one (OCTO's ADULT, CHILD, INFANT). */
  type: UnitType | null;
  /** The supplier's own name of the unit (`Adult`, `Youth`, `Family`…). */
  title: string;
  /** What we pay (net) and the supplier's recommended retail, when it shares prices (`octo/pricing`). */
  net: SupplierMoney | null;
  retail: SupplierMoney | null;
};

export type SupplierOption = { id: string; title: string; units: SupplierUnit[] };

/** `start_time`: slots at set times; `opening_hours`: one slot per day, used any time it is open. */
export type SupplierAvailabilityType = 'start_time' | 'opening_hours';

export type SupplierProduct = {
  id: string;
  title: string;
  /** `octo/content` where the supplier offers it; empty strings otherwise. */
  description: string;
  availabilityType: SupplierAvailabilityType;
  /** IANA time zone of its local dates and times. */
  timeZone: string;
  options: SupplierOption[];
  /** Photo URLs when the supplier shares content. */
  images: string[];
};

/** Which product and option a question is about, and how many of each unit. */
export type OptionRef = { productId: string; optionId: string };
export type UnitCounts = { unitId: string; quantity: number }[];

export type SupplierSlotStatus = 'available' | 'limited' | 'sold_out' | 'closed';

export type SupplierSlot = {
  /** The supplier's availability id, given back when reserving. */
  availabilityId: string;
  date: string;
  /** `HH:mm`; for opening hours the time it opens. */
  startTime: string;
  status: SupplierSlotStatus;
  /** Seats left, or null when the supplier does not say (free sale). */
  vacancies: number | null;
  /** For opening-hours products: the day's hours, `HH:mm`. */
  openingHours: { from: string; to: string }[];
  /** Per-unit prices for this slot when they differ by date (`octo/pricing`). */
  unitPrices: { unitId: string; net: SupplierMoney | null; retail: SupplierMoney | null }[];
};

export type SupplierCalendarDay = { date: string; status: SupplierSlotStatus; vacancies: number | null };

export type SupplierBookingState = 'on_hold' | 'confirmed' | 'cancelled' | 'expired' | 'pending' | 'redeemed';

export type SupplierBooking = {
  /** The booking's uuid: ours, chosen before the first reserve so a retry never books twice. */
  uuid: string;
  /** The supplier's own reference, printed on our voucher. */
  reference: string | null;
  state: SupplierBookingState;
  /** Until when an `on_hold` booking keeps its seats. */
  holdExpiresAt: Date | null;
  /** Codes the supplier issued for the booking and its tickets (QR, barcodes). */
  tickets: { unitType: UnitType | null; code: string; format: string }[];
};

export type ReserveRequest = OptionRef & {
  uuid: string;
  availabilityId: string;
  units: UnitCounts;
  expirationMinutes: number;
  notes?: string | null;
};

export type ConfirmRequest = {
  /** Our booking reference, which the supplier keeps as the reseller's. */
  resellerReference: string;
  contact: { fullName: string; emailAddress: string; phoneNumber: string; locales: string[] };
};

export type AmendRequest = { availabilityId?: string; units?: UnitCounts; contact?: ConfirmRequest['contact']; notes?: string | null };

/**
 * Everything the portal asks of a source of tours. Every method of a remote implementation runs
 * under a timeout and its supplier's circuit breaker, and fails with a SupplierError
 * (server/suppliers/errors.ts) whose code says what went wrong.
 */
export interface SupplierConnector {
  listProducts(): Promise<SupplierProduct[]>;
  getProduct(productId: string): Promise<SupplierProduct>;
  availabilityCalendar(ref: OptionRef, range: { from: string; to: string }, units?: UnitCounts): Promise<SupplierCalendarDay[]>;
  availability(ref: OptionRef, range: { from: string; to: string }, units?: UnitCounts): Promise<SupplierSlot[]>;
  reserve(request: ReserveRequest): Promise<SupplierBooking>;
  extend(uuid: string, expirationMinutes: number): Promise<SupplierBooking>;
  confirm(uuid: string, request: ConfirmRequest): Promise<SupplierBooking>;
  amend(uuid: string, request: AmendRequest): Promise<SupplierBooking>;
  cancel(uuid: string, reason: string): Promise<SupplierBooking>;
  /** The booking as the supplier has it, or null when it has none under this uuid. */
  getBooking(uuid: string): Promise<SupplierBooking | null>;
}
