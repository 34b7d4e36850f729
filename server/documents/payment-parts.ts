// How the documents name a provider payment: its method, its provider (the sandbox
// labelled as a test), its reference, and its charge line by line (spec §9 fees and tax).
import 'server-only';
import { isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { ChargeFees } from '@/shared/payments/charge-quote';
import type { BookingDocument, BookingPayment, ChargeLine } from './booking-document';
import type { DocumentTranslator } from './pdf-layout';

/**
 * The charge line by line, from the fee and tax stored with the payment: the subtotal is what is
 * left of the total. The fee is split into the conversion and card fees when today's percentages
 * give exactly the stored fee and tax (they were charged at them); otherwise it is one line, since
 * the documents never restate a payment at rates it was not made at.
 */
export function chargeLinesOf(payment: Pick<BookingPayment, 'method' | 'currency' | 'totalMinor' | 'feeMinor' | 'taxMinor'>, fees: ChargeFees): ChargeLine[] {
  if (payment.feeMinor === 0 && payment.taxMinor === 0) return [];
  const subtotal = payment.totalMinor - payment.feeMinor - payment.taxMinor;
  const percentOf = (percent: number) => Math.round((subtotal * percent) / 100);
  const lines: ChargeLine[] = [{ kind: 'subtotal', percent: null, amountMinor: subtotal }];
  const split: ChargeLine[] =
    payment.currency === 'RUB'
      ? [
          { kind: 'conversionFee', percent: fees.rubConversionFeePercent, amountMinor: percentOf(fees.rubConversionFeePercent) },
          ...(payment.method === 'card' ? [{ kind: 'cardFee' as const, percent: fees.rubCardFeePercent, amountMinor: percentOf(fees.rubCardFeePercent) }] : []),
        ]
      : [];
  const splitTax = payment.currency === 'RUB' ? percentOf(fees.rubTaxPercent) : null;
  const splits = split.reduce((sum, line) => sum + line.amountMinor, 0) === payment.feeMinor && splitTax === payment.taxMinor;
  if (splits) {
    lines.push(...split.filter((line) => line.amountMinor > 0), { kind: 'tax', percent: fees.rubTaxPercent, amountMinor: payment.taxMinor });
    return lines;
  }
  if (payment.feeMinor > 0) lines.push({ kind: 'fees', percent: null, amountMinor: payment.feeMinor });
  if (payment.taxMinor > 0) lines.push({ kind: 'tax', percent: null, amountMinor: payment.taxMinor });
  return lines;
}

/** "Stripe", "YooKassa"…, or "Sandbox (test)" for the test gateway. */
export function providerName(payment: Pick<BookingPayment, 'provider' | 'isSandbox'>, t: DocumentTranslator): string {
  return t('common.provider', { provider: payment.isSandbox ? 'sandbox' : payment.provider });
}

/**
 * "Paid by card", "Agency balance", "Cash on tour"…; "Card, not paid" for a card, crypto or SBP
 * booking no payment paid (cancelled while its payment was still to be made, or refunded whole).
 */
export function paymentMethodName(doc: Pick<BookingDocument, 'paymentMethod' | 'payment'>, t: DocumentTranslator): string {
  if (doc.payment) return t(`common.paymentMethods.${doc.payment.method}`);
  if (isProviderPaymentMethod(doc.paymentMethod)) return t(`common.unpaidMethods.${doc.paymentMethod}`);
  return t(`common.paymentMethods.${doc.paymentMethod}`);
}

/** "Sandbox (test) sbx_…", or the provider alone when it gave no reference. */
export function providerAndReference(payment: BookingPayment, t: DocumentTranslator): string {
  const name = providerName(payment, t);
  return payment.providerReference ? `${name} ${payment.providerReference}` : name;
}

/** "Paid by card · Stripe pi_…" for a provider payment; the method alone otherwise ("Agency balance"). */
export function paymentLine(doc: Pick<BookingDocument, 'paymentMethod' | 'payment'>, t: DocumentTranslator): string {
  const method = paymentMethodName(doc, t);
  return doc.payment ? `${method} · ${providerAndReference(doc.payment, t)}` : method;
}
