import type { PaymentMethod } from '@/shared/bookings/checkout-schema';

/** One line of a provider charge (spec §9), formatted in the charge's currency by the server. */
export type ChargeLineView = { label: string; amount: string };

/** A card, crypto or SBP method as offered on this host, with what it would charge. */
export type ProviderMethodView = {
  /** The sandbox gateway: labelled as test payments wherever it shows. */
  isSandbox: boolean;
  /** Apple Pay / Google Pay through this provider need the guest's details first. */
  walletsNeedGuestDetails: boolean;
  lines: ChargeLineView[];
  /** Null in customer view: the charge is the NET (plus fees), so its figures are not shown. */
  total: ChargeLineView | null;
};

/** A pick-up hotel with the sentence that gives its pick-up time for this tour's start time. */
export type CheckoutHotel = { id: string; name: string; cityName: string; pickUpText: string };

export type CheckoutFormLabels = {
  guestDetails: string;
  guestName: string;
  guestNameHint: string;
  phone: string;
  email: string;
  emailConfirm: string;
  emailMismatch: string;
  /** The booking's answer to a form that does not parse ("Check the highlighted fields."). */
  invalidForm: string;
  /** The schema's messages by key (`checkout.errors.required`…), for the checks made before sending. */
  fieldMessages: Record<string, string>;
  pickUp: string;
  /** What the offer says about pick-up: included, optional or none. */
  pickUpMode: string;
  hotel: string;
  noHotel: string;
  chooseHotel: string;
  hotelRequired: string;
  pickUpCityOnly: string | null;
  room: string;
  notes: string;
  promoCode: string;
  /** Under the promo field; names the NET rate only for roles that see it. */
  promoHint: string;
  applyPromo: string;
  /** Raw, with `{code}` and `{percent}` (a percent as `formatPercent` gives it, sign included). */
  promoApplied: string;
  promoAppliedJunior: string;
  promoNet: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  insufficientFunds: string;
  topUp: string;
  /** "Test payments (sandbox)". */
  sandbox: string;
  walletsNeedGuestDetails: string;
  /** Heading of the charge's lines ("You will be charged"). */
  charge: string;
  /** The Book button of a provider method ("Book and pay"). */
  submitPay: string;
  /** Raw, with `{amount}`: the Book button of a provider method whose charge is known ("Pay AED 130.00"). */
  submitPayAmount: string;
  /** The pay bar's total: what a provider method charges or the balance debits ("Total to pay"). */
  totalToPay: string;
  publishedRate: string;
  requestOnly: string | null;
  /** "Please correct N fields", by N (index 0 unused). */
  errorSummary: readonly string[];
  submit: string;
  submitRequest: string;
  confirming: string;
  loader: readonly string[];
};

/** The form's fields in page order, as the error summary lists them. */
export const FIELD_ORDER = ['guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'hotelId', 'room', 'notes', 'paymentMethod', 'promoCode'] as const;
export type FormFieldName = (typeof FIELD_ORDER)[number];

/** The messages beside the fields, by field name (a field of the form or anything else the booking refused). */
export type CheckoutErrors = Partial<Record<string, string>>;
