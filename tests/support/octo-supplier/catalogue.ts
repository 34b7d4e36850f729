// The local OCTO supplier's products (tests/support/octo-supplier/server.ts): one of each
// availability type OCTO has, in AED at precision 2, with net and retail prices per unit.
//
// - `desert-safari` (START_TIME): two options, `morning` at 09:00 and `evening` at 15:00 and
//   16:30, each with ADULT, CHILD and INFANT units; 10 seats a slot.
// - `sky-deck` (OPENING_HOURS): one option, a ticket valid any time the deck is open that day
//   (10:00–22:00), ADULT and CHILD units; 200 tickets a day.

export type CatalogueUnit = {
  id: string;
  type: 'ADULT' | 'CHILD' | 'INFANT';
  title: string;
  /** Ages, inclusive. */
  minAge: number;
  maxAge: number;
  /** Minor units of AED. */
  retail: number;
  net: number;
};

export type CatalogueOption = { id: string; title: string; startTimes: string[]; units: CatalogueUnit[] };

export type CatalogueProduct = {
  id: string;
  title: string;
  shortDescription: string;
  description: string;
  availabilityType: 'START_TIME' | 'OPENING_HOURS';
  /** Seats a slot (START_TIME) or tickets a day (OPENING_HOURS). */
  capacity: number;
  /** The day's hours for OPENING_HOURS products; a slot's own time span for START_TIME ones. */
  openingHours: { from: string; to: string };
  durationMinutes: number;
  options: CatalogueOption[];
  images: string[];
};

const safariUnits = (prefix: string, adult: number): CatalogueUnit[] => [
  { id: `${prefix}-adult`, type: 'ADULT', title: 'Adult', minAge: 12, maxAge: 99, retail: adult, net: Math.round(adult * 0.8) },
  { id: `${prefix}-child`, type: 'CHILD', title: 'Child', minAge: 3, maxAge: 11, retail: Math.round(adult / 2), net: Math.round(adult * 0.4) },
  { id: `${prefix}-infant`, type: 'INFANT', title: 'Infant', minAge: 0, maxAge: 2, retail: 0, net: 0 },
];

export const CATALOGUE: CatalogueProduct[] = [
  {
    id: 'desert-safari',
    title: 'Red Dunes Desert Safari',
    shortDescription: 'Dune bashing, camel ride and a camp dinner.',
    description: 'A 4x4 drive over the red dunes of Lahbab, a camel ride at sunset and a barbecue dinner at a desert camp.',
    availabilityType: 'START_TIME',
    capacity: 10,
    openingHours: { from: '09:00', to: '21:00' },
    durationMinutes: 360,
    options: [
      { id: 'morning', title: 'Morning safari', startTimes: ['09:00'], units: safariUnits('morning', 25_000) },
      { id: 'evening', title: 'Evening safari with dinner', startTimes: ['15:00', '16:30'], units: safariUnits('evening', 35_000) },
    ],
    images: ['https://images.example.org/octo/desert-safari.jpg'],
  },
  {
    id: 'sky-deck',
    title: 'Sky Deck admission',
    shortDescription: 'The observation deck on the 124th floor.',
    description: 'Admission to the observation deck, valid once at any time the deck is open on the day booked.',
    availabilityType: 'OPENING_HOURS',
    capacity: 200,
    openingHours: { from: '10:00', to: '22:00' },
    durationMinutes: 90,
    options: [
      {
        id: 'DEFAULT',
        title: 'General admission',
        startTimes: ['00:00'],
        units: [
          { id: 'deck-adult', type: 'ADULT', title: 'Adult', minAge: 12, maxAge: 99, retail: 17_900, net: 14_300 },
          { id: 'deck-child', type: 'CHILD', title: 'Child', minAge: 4, maxAge: 11, retail: 13_900, net: 11_100 },
        ],
      },
    ],
    images: ['https://images.example.org/octo/sky-deck.jpg'],
  },
];
