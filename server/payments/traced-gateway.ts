import 'server-only';
import { SpanKind } from '@opentelemetry/api';
import { countPayment } from '@/server/telemetry/metrics';
import { inSpan } from '@/server/telemetry/tracing';
import type { PaymentGateway } from './gateway';

// Every call to a payment provider is a client span and a count (docs/telemetry.md#server):
// `payment.createCharge`, `payment.retrieve`, `payment.parseWebhook`, `payment.refund`, with the
// provider's id. What was paid, by whom and the card's details stay out of it.

const OPERATIONS = ['createCharge', 'retrieve', 'parseWebhook', 'refund'] as const;

export function tracedGateway(gateway: PaymentGateway): PaymentGateway {
  const traced = Object.create(gateway) as PaymentGateway;
  for (const operation of OPERATIONS) {
    const call = gateway[operation] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(traced, operation, {
      value: (...args: unknown[]) =>
        inSpan(`payment.${operation}`, { kind: SpanKind.CLIENT, attributes: { 'payment.provider': gateway.id, 'payment.sandbox': gateway.isSandbox } }, async () => {
          try {
            const result = await call.apply(gateway, args);
            countPayment({ provider: gateway.id, operation, outcome: 'ok' });
            return result;
          } catch (error) {
            countPayment({ provider: gateway.id, operation, outcome: 'error' });
            throw error;
          }
        }),
    });
  }
  return traced;
}
