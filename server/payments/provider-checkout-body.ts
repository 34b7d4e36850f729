import 'server-only';
import { checkoutSchema } from '@/shared/bookings/checkout-schema';
import type { ProviderMethod } from './gateway';

/** The JSON checkout of a provider route: like `POST /b2b/bookings`, with the method fixed. */
export function providerCheckoutBody(method: ProviderMethod) {
  return {
    kind: 'json' as const,
    schema: checkoutSchema,
    maxBytes: 16 * 1024,
    from: (body: unknown, request: Request) => ({
      idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      ...(typeof body === 'object' && body !== null ? body : {}),
      paymentMethod: method,
    }),
  };
}
