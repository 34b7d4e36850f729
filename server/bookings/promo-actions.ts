'use server';

import 'server-only';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { promoCheckSchema, type PromoCheckField } from '@/shared/bookings/checkout-schema';
import { checkPromo, type PromoCheck } from './promo-codes';

export type PromoCheckResult = ActionResult<PromoCheck, PromoCheckField>;

/** The checkout's "Apply": whether the promo code books, and the NET it gives, before booking. */
export const applyPromoAction = runAction({
  schema: promoCheckSchema,
  input: (input: Record<string, string>) => input,
  permission: 'bookings:create',
  run: (check, { principal, db }) => checkPromo(db, principal, check),
  answer: (result): PromoCheckResult => result,
});
