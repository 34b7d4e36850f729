'use server';

import 'server-only';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { promoCheckSchema, type PromoCheckField } from '@/shared/bookings/checkout-schema';
import { checkPromo, type PromoCheck } from './promo-codes';

export type PromoCheckResult = ActionResult<PromoCheck, PromoCheckField>;

/** The checkout's "Apply": whether the promo code books, and the NET it gives, before booking. */
export async function applyPromoAction(input: Record<string, string>): Promise<PromoCheckResult> {
  return runAction({ schema: promoCheckSchema, permission: 'bookings:create', run: (check, { principal, db }) => checkPromo(db, principal, check) }, input);
}
