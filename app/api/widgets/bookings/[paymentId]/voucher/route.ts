import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { pdfResponse } from '@/server/http/downloads';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { guestChannelOfRequest } from '@/server/widgets/embeds/guest-channel';
import { renderGuestVoucher } from '@/server/widgets/guest-bookings/book-as-guest';

/**
 * The voucher of a guest's booking through a widget (issue 20 §5–6), public: guests have no
 * account, and the payment id is known only to the payer. Asked for on the widget's site (its
 * host), or on the portal for an embed (`?widget=&site=`); a payment of another channel is 404.
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ paymentId: z.string() }),
  run: async (_input, { db, params, request }) => {
    const channel = guestChannelOfRequest(request);
    if (!channel) throw new NotFound();
    return pdfResponse(await renderGuestVoucher(db, channel, params.paymentId));
  },
});
