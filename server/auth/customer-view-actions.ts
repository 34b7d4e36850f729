'use server';

import 'server-only';
import { cookies } from 'next/headers';
import { runAction } from '@/server/actions/run-action';
import { customerViewSchema, type CustomerViewInput } from '@/shared/auth/customer-view-schema';
import { CUSTOMER_VIEW_COOKIE, CUSTOMER_VIEW_MAX_AGE_SECONDS, CUSTOMER_VIEW_ON } from '@/shared/auth/customer-view';

/**
 * Turns this device's customer view on or off (the header's switch). Every signed-in agent may:
 * it only narrows what the screen shows. The cookie is set here, on the server, so the page the
 * action refreshes already renders with it.
 */
export const setCustomerViewAction = runAction({
  schema: customerViewSchema,
  input: (input: CustomerViewInput) => input,
  permission: null,
  run: async ({ on }) => {
    const jar = await cookies();
    if (on) jar.set(CUSTOMER_VIEW_COOKIE, CUSTOMER_VIEW_ON, { path: '/', sameSite: 'lax', maxAge: CUSTOMER_VIEW_MAX_AGE_SECONDS });
    else jar.delete({ name: CUSTOMER_VIEW_COOKIE, path: '/' });
    return { on };
  },
  revalidate: { refresh: true },
});
