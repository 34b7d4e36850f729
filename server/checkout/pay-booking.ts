import 'server-only';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import type { ProviderMethod } from '@/server/payments/gateway';
import { payBookingFromBalance } from '@/server/payments/pay-from-balance';
import type { PaymentPlace } from '@/server/payments/payment-place';
import { type StartedPayment, startBookingPayment } from '@/server/payments/start-payment';
import { confirmSupplierBooking } from '@/server/suppliers/booking/confirm-at-supplier';
import { alignSupplierHold, assertSupplierStillHolds } from '@/server/suppliers/booking/supplier-hold';

/**
 * "Pay now" on a `payment_required` booking and "Pay again" after a failed payment (the portal's
 * form and the API's `/pay`): from the balance at once, or through a provider as a new attempt on
 * the same booking. Answers the started payment, or null when the balance paid it.
 */
export async function payBooking(
  db: Database,
  principal: Principal,
  input: { reference: string; method: 'balance' | ProviderMethod; place: () => PaymentPlace | Promise<PaymentPlace> },
): Promise<StartedPayment | null> {
  // A supplier's booking is paid only while the supplier still holds its seats.
  await assertSupplierStillHolds(db, principal, input.reference);
  if (input.method === 'balance') {
    await payBookingFromBalance(db, principal, input.reference);
    await confirmSupplierBooking(db, { reference: input.reference });
    return null;
  }
  const payment = await startBookingPayment(db, principal, { ...(await input.place()), reference: input.reference, method: input.method });
  await alignSupplierHold(db, input.reference);
  return payment;
}
