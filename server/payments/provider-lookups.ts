import 'server-only';
import { gte, type SQL } from 'drizzle-orm';
import { payments } from '@/server/db/schema';

// An open payment is asked about at its provider only for a day: by then its payer has abandoned
// it (a hosted page's session lasts far less), and asking every minute forever would load the
// provider and our queue with look-ups that can never change anything.

/** How long after it was created an open payment is still looked up at its provider. */
export const PROVIDER_LOOKUP_WINDOW_MS = 24 * 3_600_000;

/** Payments young enough to be looked up at `now`. */
export function stillLookedUp(now: Date): SQL {
  return gte(payments.createdAt, new Date(now.getTime() - PROVIDER_LOOKUP_WINDOW_MS));
}
