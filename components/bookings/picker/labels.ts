// The date picker's texts. Islands get them as props from the server (no client translation
// runtime); texts with `{placeholders}` arrive raw and are filled in with `fillTemplate`.

export const BOOKING_LABEL_KEYS = [
  'checkAvailability',
  'book',
  'signInToBook',
  'title',
  'previousMonth',
  'nextMonth',
  'loading',
  'loadFailed',
  'retry',
  'dayAvailable',
  'daySoldOut',
  'dayUnavailable',
  'noDatesInMonth',
  'time',
  'entry',
  'openingHoursFrom',
  'chooseDate',
  'chooseTime',
  'slotSoldOut',
  'slotOnRequest',
  'ticketsLeft',
  'ticketsLeftByType',
  'dayFromPrice',
  'netFromPrice',
  'guests',
  'adults',
  'children',
  'infants',
  'infantsFree',
  'fewerAdults',
  'moreAdults',
  'fewerChildren',
  'moreChildren',
  'fewerInfants',
  'moreInfants',
  'retailTotal',
  'netTotal',
  'minPeople',
  'soldOut',
  'cutOffPassed',
  'noLiveAvailability',
  'supplierUnavailable',
  'continue',
] as const;

export type BookingLabels = Record<(typeof BOOKING_LABEL_KEYS)[number], string>;

/** Replaces each `{name}` of a raw message with its value. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
