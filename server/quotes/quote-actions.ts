'use server';

import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { type ActionFailure, type ActionResult, runAction, runPublicAction } from '@/server/actions/run-action';
import { placeBooking } from '@/server/checkout/place-booking';
import { QUOTE_FORM_FIELDS, type QuoteField, quoteSchema } from '@/shared/quotes/quote-schema';
import { createQuote, withdrawQuote } from './create-quote';
import { admitQuotePayment } from './pay-quote';
import { guestQuoteLinks, guestQuotePath, payerOrigin } from './quote-origin';
import { type SentQuote, sendQuoteToGuest } from './send-quote';

// The agent's quote forms (new, e-mail to the guest, withdraw) and the guest's "Pay": the guest has no account, the
// link's token is the credential (runPublicAction, spec §6 "a link whose token is the credential").

/** The new-quote form's result: the links to send, or what to fix, with what the agent typed. */
export type NewQuoteState = (ActionResult<{ portal: string; site: string | null; retailTotalMinor: number }, QuoteField> & { values: Partial<Record<QuoteField, string>> }) | null;

export const createQuoteAction = runAction({
  schema: quoteSchema,
  form: { echo: QUOTE_FORM_FIELDS },
  permission: 'rates:viewB2b',
  run: async (input, { principal, db }) => {
    const created = await createQuote(db, principal, input);
    const links = await guestQuoteLinks(db, await headers(), { agencyId: principal.agencyId, locale: input.locale, token: created.token });
    return { ...links, retailTotalMinor: created.retailTotalMinor };
  },
  answer: (result): NewQuoteState => result,
});

export type SendQuoteState = ActionResult<SentQuote, 'quoteId'> | null;

/** "E-mail to guest": the quote's link and price by mail, in its language and the agency's brand. */
export const sendQuoteAction = runAction({
  schema: z.object({ quoteId: z.uuid() }),
  permission: 'rates:viewB2b',
  run: async ({ quoteId }, { principal, db }) => sendQuoteToGuest(db, principal, quoteId),
});

export type WithdrawQuoteState = ActionResult<null, 'quoteId'> | null;

export const withdrawQuoteAction = runAction({
  schema: z.object({ quoteId: z.uuid() }),
  permission: 'rates:viewB2b',
  run: async ({ quoteId }, { principal, db }) => {
    await withdrawQuote(db, principal, quoteId);
    return null;
  },
  revalidate: { refresh: true },
  answer: (result): WithdrawQuoteState => result,
});

export type PayQuoteState = ActionFailure<'token'> | { ok: true; paymentUrl: string } | null;

/**
 * The guest pays: the booking is placed (the slot re-checked under lock; a slot gone is refused
 * here, before any charge) and the card payment starts; the guest goes to the provider's page,
 * and comes back to the quote's page on the host they paid from.
 */
export const payQuoteAction = runPublicAction({
  schema: z.object({ token: z.string().min(1).max(200), navigates: z.string().optional() }),
  run: async ({ token }, { db }) => {
    const admitted = await admitQuotePayment(db, token);
    const origin = await payerOrigin(db, await headers(), admitted.quote.agencyId);
    return placeBooking(db, { quote: { admitted, origin, returnPath: guestQuotePath(admitted.locale, token) } }, admitted.input);
  },
  answer: (result, form): PayQuoteState => {
    if (!result.ok) return result;
    // A hydrated form goes to the card page itself (components/quotes/pay-quote-form.tsx).
    if (form.navigates === '1') return { ok: true, paymentUrl: result.data.nextUrl };
    redirect(result.data.nextUrl);
  },
});
