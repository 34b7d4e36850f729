import type { CancellationPolicy, PickUpMode } from '@/shared/bookings/offer-terms';
import type { TourLanguage } from '@/shared/catalog/tour-languages';
import type { FaqItem, ItineraryStep, LocalizedText } from '../schema';

/** Demo catalogue records, keyed by slug so seeding can be re-run without duplicates. */
export type SeedCountry = { slug: string; name: LocalizedText; heroImage: string; sortOrder: number };
export type SeedCity = {
  slug: string;
  country: string;
  name: LocalizedText;
  heroImage: string;
  isTopDestination: boolean;
  sortOrder: number;
};
export type SeedCategory = { slug: string; name: LocalizedText; heroImage: string; sortOrder: number };
export type SeedHotel = { city: string; name: string; area: string };

/** Prices in AED fils (integer minor units). */
export type SeedPrices = { adult?: number; child?: number; trip?: number };

export type SeedOffer = {
  name: LocalizedText;
  description: LocalizedText;
  b2b: SeedPrices;
  retail: SeedPrices;
  stockMode: 'shared' | 'per_type';
  /** An opening-hours ticket has one start time: the day's opening. */
  availabilityType: 'start_time' | 'opening_hours';
  hasLiveAvailability: boolean;
  minPeople: number;
  cutOffHours: number;
  /** Start times, `HH:mm` Asia/Dubai. */
  startTimes: string[];
  /** Tickets released per start time per day (per pool for `per_type`). */
  dailyStock: number;
  /** Days of week with no departures (0 = Sunday). */
  closedWeekdays?: number[];
  /** Pick-up only from hotels in this city. */
  pickUpCity?: string;
  /** Defaults to 'included' when the tour has pick-up times (`pickUpLeadMinutes`), else 'none'. */
  pickUp?: PickUpMode;
};

export type SeedTour = {
  slug: string;
  city: string;
  categories: string[];
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  itinerary: ItineraryStep[];
  terms: LocalizedText;
  /** Must agree with the cancellation sentence of `terms`. */
  cancellation: CancellationPolicy;
  notesToAgents?: LocalizedText;
  faq: FaqItem[];
  videoUrl?: string;
  durationMinutes: number;
  inclusions?: LocalizedText[];
  exclusions?: LocalizedText[];
  meetingPoint?: { name: LocalizedText; latitude: number; longitude: number };
  languages?: TourLanguage[];
  accessibility?: LocalizedText;
  /** In the home page's promo block. */
  featured?: boolean;
  photos: { url: string; alt: LocalizedText }[];
  offers: SeedOffer[];
  /** Minutes before the start time that guests are collected from hotels; none when guests meet on site. */
  pickUpLeadMinutes?: number;
};
