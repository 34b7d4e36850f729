'use server';

import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { type ActionFailure, runPublicAction } from '@/server/actions/run-action';
import { NotFound } from '@/server/errors';
import { linkOrigin, widgetDomainOrigin } from '@/server/http/link-origin';
import { type CheckoutField, checkoutSchema } from '@/server/shared/bookings/checkout-schema';
import { bookAsGuest, type GuestPlace } from './book-as-guest';

// The guest's checkout on a widget's site or embed (issue 20 §6): a public action, since guests
// have no account. The widget is found by the page's own origin (the Origin header of the post),
// whose host must be a verified widget domain selling the offer.

export type GuestCheckoutState = (ActionFailure<CheckoutField> & { values: Record<string, string> }) | { ok: true; paymentUrl: string } | null;

const FIELDS = ['offerId', 'date', 'time', 'adults', 'children', 'infants', 'guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'notes', 'idempotencyKey'] as const;

/**
 * Where the guest books, from the post's Origin header (a browser always sends it with a form
 * post): on a widget's site its host names the widget; in an embed (served from the portal) the
 * form names the widget and the domain of the page that frames it.
 */
async function placeOfRequest(formData: FormData): Promise<GuestPlace> {
  const requestHeaders = await headers();
  const origin = requestHeaders.get('origin');
  if (!origin || !URL.canParse(origin)) throw new NotFound();
  const url = new URL(origin);
  const widgetId = formData.get('widgetId');
  const site = formData.get('site');
  // The payer returns to a configured origin, never to a scheme or port the post names: the
  // portal's for an embed, the widget's domain (refused unless verified) for a site.
  if (typeof widgetId === 'string' && typeof site === 'string') return { channel: { widgetId, site }, origin: linkOrigin(requestHeaders) };
  const host = url.hostname.toLowerCase();
  return { channel: { host }, origin: widgetDomainOrigin(host) };
}

/**
 * Books and starts the card payment. A hydrated form (`navigates`) gets the payment page's URL
 * back and goes there itself: the page is the payment provider's (the sandbox's is served on the
 * site's host too), not one the site's router can render; from an embed it opens in the window
 * the click opened, so payment is never entered inside a frame. A form posted before hydration is
 * redirected there.
 */
export async function bookAsGuestAction(_previous: GuestCheckoutState, formData: FormData): Promise<GuestCheckoutState> {
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  const result = await runPublicAction(
    {
      schema: checkoutSchema,
      run: async (input, { db }) => bookAsGuest(db, await placeOfRequest(formData), input),
    },
    { ...values, paymentMethod: 'card', hotelId: '', room: '', promoCode: '' },
  );
  if (!result.ok) return { ...result, values };
  const url = result.data.nextAction.kind === 'redirect' ? result.data.nextAction.url : null;
  if (!url) return { ok: false, status: 500, code: 'errors.unexpected', message: '', fieldErrors: {}, values };
  if (formData.get('navigates') === '1') return { ok: true, paymentUrl: url };
  redirect(url);
}
