import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, promoCodes } from '@/server/db/schema';
import { Forbidden, RuleViolation } from '@/server/errors';
import { memberCan } from '@/shared/auth/permissions';
import type { PromoCheckInput } from '@/shared/bookings/checkout-schema';
import { quoteBooking } from '@/shared/bookings/pricing';
import { loadBookableOffer } from './bookable-offer';
import { seesNetRates } from '@/server/auth/customer-view';

export type ValidPromo = { id: string; percentOff: number };

/**
 * The active promo code `code` (any case) valid on the tour date (from `valid_from` to
 * `valid_until`) with uses left, or the spec's 'You entered the wrong promo code' on the promo
 * field. The booking and the checkout's "Apply" both ask here, so a code that applies is a code
 * that books; the booking claims its use again under the code's row lock (claimPromoUse).
 */
export async function findValidPromo(db: Database, code: string, tourDate: string): Promise<ValidPromo> {
  const [promo] = await db
    .select({ id: promoCodes.id, percentOff: promoCodes.percentOff, validFrom: promoCodes.validFrom, validUntil: promoCodes.validUntil, maxUses: promoCodes.maxUses })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code.toUpperCase()), eq(promoCodes.isActive, true)))
    .limit(1);
  if (!promo || (promo.validUntil !== null && promo.validUntil < tourDate) || (promo.validFrom !== null && promo.validFrom > tourDate)) {
    throw new RuleViolation('checkout.wrongPromo', {}, 'promoCode');
  }
  if (promo.maxUses !== null && (await promoUses(db, promo.id)) >= promo.maxUses) throw new RuleViolation('checkout.wrongPromo', {}, 'promoCode');
  return { id: promo.id, percentOff: promo.percentOff };
}

async function promoUses(db: Database | Transaction, promoId: string): Promise<number> {
  const [row] = await db
    .select({ uses: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.promoCodeId, promoId), ne(bookings.status, 'cancelled')));
  return row?.uses ?? 0;
}

/**
 * In the booking transaction, before the booking row is written: locks the code's row so two
 * bookings cannot both take its last use, and refuses the code once its uses are taken.
 */
export async function claimPromoUse(tx: Transaction, promoId: string): Promise<void> {
  const [promo] = await tx.select({ maxUses: promoCodes.maxUses, isActive: promoCodes.isActive }).from(promoCodes).where(eq(promoCodes.id, promoId)).for('update');
  if (!promo?.isActive || (promo.maxUses !== null && (await promoUses(tx, promoId)) >= promo.maxUses)) {
    throw new RuleViolation('checkout.wrongPromo', {}, 'promoCode');
  }
}

/** What "Apply" tells the agent; the NET figures only to roles that see b2b rates. */
export type PromoCheck = {
  code: string;
  percentOff: number;
  net: { subtotalMinor: number; discountMinor: number; totalMinor: number } | null;
};

/** Checks a promo code against the checkout's selection before booking; writes nothing. */
export async function checkPromo(db: Database, principal: Principal, input: PromoCheckInput): Promise<PromoCheck> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  const offer = await loadBookableOffer(db, input.offerId);
  if (!offer) throw new RuleViolation('checkout.offerUnavailable');
  const promo = await findValidPromo(db, input.promoCode, input.date);
  const quote = quoteBooking(offer, { adults: input.adults, children: input.children, infants: input.infants }, promo.percentOff);
  return {
    code: input.promoCode.toUpperCase(),
    percentOff: promo.percentOff,
    net: seesNetRates(principal)
      ? { subtotalMinor: quote.netSubtotalMinor, discountMinor: quote.discountMinor, totalMinor: quote.netTotalMinor }
      : null,
  };
}
