import 'server-only';
import type { Principal } from '@/server/auth/principal';
import { loadBalanceOverview } from '@/server/balance/statement-queries';
import { loadCreditStanding } from '@/server/credit/credit-standing';
import type { Database } from '@/server/db/connection';
import type { OverdueInvoice } from '@/server/ledger/invoice-payments';
import { quoteCheckoutCharges } from '@/server/payments/checkout-charges';
import { mayPayThroughProvider, type OfferedMethod, offeredPaymentMethods } from '@/server/payments/payment-methods';
import type { Currency } from '@/shared/money/money';
import type { ChargeableBooking, ChargeQuote } from '@/shared/payments/charge-quote';
import type { Variant } from '@/shared/sites/site-variants';
import { seesAgencyMoney } from '@/server/auth/customer-view';

// The one loader of the ways a booking can be paid, for the checkout (a booking about to be made)
// and "Pay now" (one that needs payment): the provider methods this host offers to this role, each
// with what it charges, and what the balance may pay under the credit rule. Both pages show what
// starting the payment then charges (server/payments/start-payment.ts quotes the same way).

export type ProviderOption = {
  offered: OfferedMethod;
  /** What it charges for the booking (its NET, converted, with any fees and tax); null when no booking is given. */
  quote: ChargeQuote | null;
};

export type PaymentOptions = {
  /** Card, crypto and (Russian domain) SBP as this host offers them, to a role that may pay through a provider. */
  providers: ProviderOption[];
  /**
   * The enforced 30-day credit (spec §9), when asked for an amount: an overdue invoice closes the
   * credit limit, so the balance pays only what the balance itself covers.
   */
  credit: { overdue: OverdueInvoice | null; closed: boolean } | null;
  /** The funds the balance may pay from (balance + credit limit), when asked, for a role that may see them. */
  availableMinor: number | null;
};

export type PaymentOptionsRequest = {
  /** Where the payment would start: the host's variant and the currency the page shows. */
  place: { variant: Variant; displayCurrency: Currency };
  /** The booking (about to be made, or made), or null when none is known. */
  booking: ChargeableBooking | null;
  /** A request is confirmed by hand: nothing is paid at checkout. */
  requestOnly?: boolean;
  /** Checks the credit rule for this NET (the checkout's balance option). */
  creditFor?: number;
  /** Loads the funds available (the Pay now form's note). */
  funds?: boolean;
  now?: Date;
};

export async function loadPaymentOptions(db: Database, principal: Principal, request: PaymentOptionsRequest): Promise<PaymentOptions> {
  const [providers, credit, availableMinor] = await Promise.all([
    providerOptions(db, principal, request),
    request.creditFor === undefined ? null : creditRule(db, principal, request.creditFor, request.now ?? new Date()),
    request.funds && seesAgencyMoney(principal) ? loadBalanceOverview(db, principal).then((overview) => overview.availableMinor) : null,
  ]);
  return { providers, credit, availableMinor };
}

async function providerOptions(db: Database, principal: Principal, request: PaymentOptionsRequest): Promise<ProviderOption[]> {
  if (request.requestOnly || !mayPayThroughProvider(principal.role)) return [];
  if (!request.booking) return offeredPaymentMethods(request.place).map((offered) => ({ offered, quote: null }));
  return quoteCheckoutCharges(db, request.booking, request.place);
}

async function creditRule(db: Database, principal: Principal, netMinor: number, now: Date): Promise<PaymentOptions['credit']> {
  const standing = await loadCreditStanding(db, principal.agencyId, now);
  return { overdue: standing.overdue, closed: standing.overdue !== null && standing.balanceMinor < netMinor };
}
