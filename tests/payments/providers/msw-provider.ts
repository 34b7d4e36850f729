import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';
import type { CreateChargeInput } from '@/server/payments/gateway';

/**
 * An msw server for one provider's tests: anything the adapter calls that no handler expects fails
 * the test, and each test adds the handlers it needs with `server.use`.
 */
export function providerServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export type SeenRequest = { method: string; url: URL; headers: Headers; body: string };

/** Remembers what the adapter sent, so the test asserts it after the call returns. */
export function requestLog() {
  const seen: SeenRequest[] = [];
  return {
    seen,
    async record(request: Request): Promise<SeenRequest> {
      const entry = { method: request.method, url: new URL(request.url), headers: request.headers, body: await request.clone().text() };
      seen.push(entry);
      return entry;
    },
    /** The one request the test expected (fails when there were none or several). */
    only(): SeenRequest {
      expect(seen).toHaveLength(1);
      return seen[0] as SeenRequest;
    },
  };
}

export function chargeInput(overrides: Partial<CreateChargeInput> = {}): CreateChargeInput {
  return {
    paymentId: '0b6f2c1e-5d4a-4f8e-9a3b-7c2d1e0f9a81',
    idempotencyKey: '0b6f2c1e-5d4a-4f8e-9a3b-7c2d1e0f9a81:1',
    method: 'card',
    amountMinor: 125_050,
    currency: 'AED',
    description: 'Booking TD-7K2P9Q',
    returnUrl: 'https://portal.example/payments/0b6f2c1e-5d4a-4f8e-9a3b-7c2d1e0f9a81/return',
    webhookUrl: 'https://portal.example/api/payments/webhooks/provider',
    customer: { name: 'Layla Haddad', email: 'layla@desert-rose.example', phone: '+971501234567' },
    locale: 'en',
    ...overrides,
  };
}

/** The error a promise rejects with (failing the test when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}
