'use server';

import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { type ActionFailure, runPublicAction } from '@/server/actions/run-action';
import { NotFound } from '@/server/errors';
import { z } from 'zod';
import { addressBucket, clientAddress } from '@/server/http/client-address';
import { linkOrigin, widgetDomainOrigin } from '@/server/http/link-origin';
import type { CheckoutField } from '@/shared/bookings/checkout-schema';
import { guestCheckoutSchema } from '@/shared/widgets/guest-checkout-schema';
import { placeBooking } from '@/server/checkout/place-booking';
import { type GuestPlace, startGuestPayment } from './book-as-guest';

// The guest's checkout on a widget's site or embed, and its step on to the payment:
// public actions, since guests have no account. The widget is found by the page's own origin (the Origin header of the post),
// whose host must be a verified widget domain selling the offer.

export type GuestCheckoutState = (ActionFailure<CheckoutField> & { values: Record<string, string> }) | { ok: true; paymentUrl: string } | null;

const FIELDS = ['offerId', 'date', 'time', 'adults', 'children', 'infants', 'guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'notes', 'idempotencyKey'] as const;

/**
 * Where the guest books, from the post's Origin header (a browser always sends it with a form
 * post): on a widget's site its host names the widget; in an embed (served from the portal) the
 * form names the widget and the domain of the page that frames it.
 */
async function placeOfRequest(embed: { widgetId?: string | undefined; site?: string | undefined }): Promise<GuestPlace> {
  const requestHeaders = await headers();
  const origin = requestHeaders.get('origin');
  if (!origin || !URL.canParse(origin)) throw new NotFound();
  const url = new URL(origin);
  const client = addressBucket(clientAddress(requestHeaders));
  // The payer returns to a configured origin, never to a scheme or port the post names: the
  // portal's for an embed, the widget's domain (refused unless verified) for a site.
  if (embed.widgetId !== undefined && embed.site !== undefined) return { channel: { widgetId: embed.widgetId, site: embed.site }, origin: linkOrigin(requestHeaders), client };
  const host = url.hostname.toLowerCase();
  return { channel: { host }, origin: widgetDomainOrigin(host), client };
}

/** The form's own fields beside the booking's: an embed's widget and framing site, and whether a hydrated form navigates itself. */
const placeFields = { widgetId: z.string().optional(), site: z.string().optional(), navigates: z.string().optional() };

/**
 * Books with a short hold and sends the payer on to the page where the payment starts (on the
 * site's host, or top-level on the portal for an embed). A hydrated form (`navigates`) gets that
 * page's URL back and goes there itself: from an embed it opens in the window the click opened,
 * so payment is never entered inside a frame. A form posted before hydration is redirected there.
 */
export const bookAsGuestAction = runPublicAction({
  // A guest pays by card, stays at no hotel of the catalogue and has no promo code.
  schema: z.preprocess((form) => ({ ...(form as object), paymentMethod: 'card', hotelId: '', room: '', promoCode: '' }), guestCheckoutSchema.safeExtend(placeFields)),
  form: { echo: FIELDS },
  run: async ({ widgetId, site, navigates: _, ...input }, { db }) => placeBooking(db, { guest: await placeOfRequest({ widgetId, site }) }, input),
  answer: (result, form): GuestCheckoutState => {
    if (!result.ok) return result;
    if (form.navigates === '1') return { ok: true, paymentUrl: result.data.nextUrl };
    redirect(result.data.nextUrl);
  },
});

const startPaymentSchema = z.object({ bookingId: z.uuid(), ...placeFields });

export type GuestPaymentState = ActionFailure<'bookingId'> | { ok: true; paymentUrl: string } | null;

/**
 * The payer, on the payment page, goes on to the payment: it starts now (the provider's page is
 * created and the hold extended). As at the checkout, a hydrated form (`navigates`) gets the
 * provider page's URL and goes there itself (an action's redirect would be rendered by the site's
 * router, which has no such page); a form posted before hydration is redirected there.
 */
export const startGuestPaymentAction = runPublicAction({
  schema: startPaymentSchema,
  run: async ({ bookingId, widgetId, site }, { db }) => {
    const { channel, origin } = await placeOfRequest({ widgetId, site });
    return startGuestPayment(db, { channel, origin }, bookingId);
  },
  answer: (result, form): GuestPaymentState => {
    if (!result.ok) return result;
    if (form.navigates === '1') return { ok: true, paymentUrl: result.data };
    redirect(result.data);
  },
});
