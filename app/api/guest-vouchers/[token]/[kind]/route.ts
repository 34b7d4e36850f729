import { z } from 'zod';
import { pdfResponse } from '@/server/http/downloads';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { GUEST_VOUCHER_KINDS, renderGuestVoucherDocument, voucherPlaceOf } from '@/server/guest-handoff/guest-voucher';

/**
 * The voucher or tickets of a guest's voucher link, in the agency's brand and the link's language,
 * public: the link's signed token authorises it. An expired, forged or altered token, or another
 * agency's widget domain, is 404, like any unknown path.
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ token: z.string().max(80), kind: z.enum(GUEST_VOUCHER_KINDS) }),
  run: async (_input, { db, params, request }) =>
    pdfResponse(await renderGuestVoucherDocument(db, params.token, voucherPlaceOf(request.headers.get('host')), params.kind)),
});
