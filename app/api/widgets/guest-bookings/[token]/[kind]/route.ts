import { z } from 'zod';
import { pdfResponse } from '@/server/http/downloads';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { guestLinkPlaceOfRequest } from '@/server/widgets/embeds/guest-channel';
import { GUEST_DOCUMENT_KINDS, renderGuestDocument } from '@/server/widgets/guest-bookings/guest-booking-view';

/**
 * A guest's voucher or tickets, in the agency's brand, public: guests have no account; the token of
 * the guest link authorises it. On a widget's site (its host) for the site's bookings, on the
 * portal for an embed's; any other token, host or kind is 404.
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ token: z.string().max(64), kind: z.enum(GUEST_DOCUMENT_KINDS) }),
  run: async (_input, { db, params, request }) => pdfResponse(await renderGuestDocument(db, params.token, guestLinkPlaceOfRequest(request), params.kind)),
});
