/** Languages a tour is guided or explained in: ISO 639-1 codes the operator picks from. */
export const TOUR_LANGUAGES = ['en', 'ru', 'ar', 'de', 'fr', 'es', 'it', 'zh', 'hi', 'ur'] as const;
export type TourLanguage = (typeof TOUR_LANGUAGES)[number];
