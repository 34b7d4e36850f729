import { promoCodes } from '../schema';
import type { Database } from '../connection';

/** Demo promo codes; docs and tests use WELCOME10. Idempotent. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', percentOff: 10, validUntil: null },
  { code: 'EXPIRED5', percentOff: 5, validUntil: '2025-12-31' },
];

export async function seedPromoCodes(db: Database): Promise<void> {
  await db.insert(promoCodes).values(DEMO_PROMO_CODES).onConflictDoNothing();
}
