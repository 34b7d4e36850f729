'use server';

import 'server-only';
import { getLocale } from 'next-intl/server';
import { toLocale } from '@/i18n/locales';
import { type ActionResult, runAction } from '@/server/actions/run-action';
import { redirectToNextAction } from '@/server/payments/next-action';
import { requestDisplayCurrency, requestOrigin, requestVariant } from '@/server/payments/request-context';
import { type AmendmentField, amendmentChangeSchema, amendmentConfirmSchema } from '@/shared/bookings/amendment-schema';
import { amendBooking, previewAmendment } from './amend-booking';

/** What the amendment dialog shows before the agent confirms: the one quote the confirmation applies. */
export type AmendmentPreviewView = {
  issue: number;
  method: 'balance' | 'card' | 'crypto' | 'sbp';
  differenceMinor: number;
  settledMinor: number;
  refund: { percent: number; grossRefundMinor: number; feeMinor: number; refundMinor: number } | null;
};

export type AmendmentPreviewResult = ActionResult<AmendmentPreviewView, AmendmentField>;
export type AmendmentConfirmResult = ActionResult<{ settledMinor: number }, AmendmentField>;

/** "Review the difference": checks the change against the offer's rules and prices it; changes nothing. */
export const previewAmendmentAction = runAction({
  schema: amendmentChangeSchema,
  // Called with the form's values by the dialog (react-hook-form), not posted as a form.
  input: (values: unknown) => values,
  permission: 'bookings:create',
  run: async (change, { principal, db }): Promise<AmendmentPreviewView> => {
    const quote = await previewAmendment(db, principal, change);
    return {
      issue: quote.issue,
      method: quote.method,
      differenceMinor: quote.differenceMinor,
      settledMinor: quote.settledMinor,
      refund: quote.refund && { percent: quote.refund.percent, grossRefundMinor: quote.refund.grossRefundMinor, feeMinor: quote.refund.feeMinor, refundMinor: quote.refund.refundMinor },
    };
  },
});

/**
 * "Confirm": applies the amendment shown (balance, or nothing to pay), or sends the agent on to pay
 * the difference through the booking's provider; it is applied when the provider confirms.
 */
export const amendBookingAction = runAction({
  schema: amendmentConfirmSchema,
  input: (values: unknown) => values,
  permission: 'bookings:create',
  run: async (confirm, { principal, db }) => {
    const variant = await requestVariant();
    const place = { variant, displayCurrency: await requestDisplayCurrency(variant), origin: await requestOrigin(), locale: toLocale(await getLocale()) };
    return amendBooking(db, principal, confirm, { place });
  },
  revalidate: () => ({ refresh: true }),
  answer: async (result): Promise<AmendmentConfirmResult> => {
    if (!result.ok) return result;
    if (result.data.kind === 'payment') return redirectToNextAction(toLocale(await getLocale()), result.data.payment);
    return { ok: true, data: { settledMinor: result.data.kind === 'applied' ? result.data.settledMinor : 0 } };
  },
});
