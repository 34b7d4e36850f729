// Bounds on what one payment may be: an amount past these is a typo or an
// attack, never a real top-up.

/** AED 1,000,000 in fils. */
export const MAX_TOP_UP_MINOR = 100_000_000;
