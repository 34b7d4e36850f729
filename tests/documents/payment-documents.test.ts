import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { Principal } from '@/server/auth/principal';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import { loadBookingDocument } from '@/server/bookings/queries';
import { paymentRefunds } from '@/server/db/schema';
import type { BookingDocument } from '@/server/documents/booking-document';
import { renderCreditNotePdf } from '@/server/documents/credit-note-pdf';
import { renderInvoicePdf } from '@/server/documents/invoice-pdf';
import { loadMonthlyInvoice } from '@/server/documents/monthly-invoice';
import { renderMonthlyInvoicePdf } from '@/server/documents/monthly-invoice-pdf';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { returnFromProvider } from '@/server/checkout/settlement';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { processRefund } from '@/server/payments/refunds';
import { startBookingPayment } from '@/server/payments/start-payment';
import { dubaiToday } from '@/shared/availability/rules';
import { type Currency, formatMoney } from '@/shared/money/money';
import { bookingRow, cardBooking, clearQueuedJobs, forgetPayments, ORIGIN, paymentRow, setUpPayments } from '../payments/payment-fixtures';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// On both databases: a booking paid through a provider says so on its voucher, its
// tickets and its invoice (method, provider, reference, the charge with its fees and tax), and a
// cancelled one's credit note follows the refund to the card from pending to refunded. Balance
// bookings' documents stay as they were.

let database: TestDatabase;
let agent: Principal;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10, demoData: { today: new Date() } });
  setUpPayments(database.db);
  agent = await principalFor(database.db, 'senior@gulfhorizons.test');
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(() => clearQueuedJobs(database.db));

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // pdfkit may wrap a line after the hyphen or underscore of a reference; money has no-break spaces.
    return (await parser.getText()).text.replace(/([-_])\s+/g, '$1').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const money = (minor: number, currency: Currency = 'AED', locale: 'en' | 'ru' = 'en') => formatMoney(minor, currency, locale).replace(/\s+/g, ' ');

async function documentOf(reference: string): Promise<BookingDocument> {
  const doc = await loadBookingDocument(database.db, agent, reference);
  if (!doc) throw new Error(`No document for ${reference}`);
  return doc;
}

/** A card booking in AED through the sandbox, paid with the success card and settled on the return URL. */
async function paidCardBooking(options: { daysAhead?: number } = {}) {
  const booked = await cardBooking(database.db, agent, options);
  await payWithSandboxCard(database.db, booked.chargeId, '4242424242424242');
  expect(await returnFromProvider(database.db, agent, booked.paymentId)).toMatchObject({ status: 'succeeded', bookingStatus: 'completed' });
  return booked;
}

describe('a booking paid by card', () => {
  it('says "Paid by card" with the provider and its reference on the voucher and the method on every ticket', async () => {
    const booked = await paidCardBooking();
    const doc = await documentOf(booked.reference);
    expect(doc.payment).toMatchObject({ method: 'card', provider: 'sandbox', isSandbox: true, providerReference: booked.chargeId, currency: 'AED', feeMinor: 0, taxMinor: 0 });

    const voucher = await pdfText(await renderVoucherPdf(doc));
    expect(voucher).toContain(`Payment Paid by card · Sandbox (test) ${booked.chargeId}`);
    // The guest's document shows how it was paid, never what it cost the agency.
    expect(voucher).not.toContain(money(doc.netTotalMinor));

    const parser = new PDFParse({ data: new Uint8Array(await renderTicketsPdf(doc)) });
    const pages = (await parser.getText()).pages.map((page) => page.text.replace(/\s+/g, ' '));
    await parser.destroy();
    expect(pages).toHaveLength(doc.adults + doc.children + doc.infants);
    for (const page of pages) expect(page).toContain('Payment Paid by card');
  });

  it('invoices the NET as paid by card through the provider, with nothing due', async () => {
    const booked = await paidCardBooking();
    const doc = await documentOf(booked.reference);
    expect(doc.paidMinor).toBe(doc.netTotalMinor);
    const invoice = await pdfText(await renderInvoicePdf(doc));
    expect(invoice).toContain(`Payment Paid by card (Sandbox (test), ${booked.chargeId})`);
    expect(invoice).toContain(`Paid by card (Sandbox (test)) ${money(doc.netTotalMinor)}`);
    expect(invoice).toContain(`Balance due ${money(0)}`);
    expect(invoice).not.toContain('Paid from balance');
    // Charged in AED without fees: no charge breakdown.
    expect(invoice).not.toContain('Payment in');
  });

  it('invoices a rouble card payment with the charge line by line: conversion fee 4%, card fee 2%, tax 6%', async () => {
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 40 + Math.floor(Math.random() * 150));
    const slot = await prepareSlot(database.db, offer.id, date, { left: 10 });
    const booked = await createBooking(database.db, agent, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, paymentMethod: 'card' }), { locale: 'en' });
    const started = await startBookingPayment(database.db, agent, { variant: 'russian', displayCurrency: 'AED', origin: ORIGIN, locale: 'ru', reference: booked.reference, method: 'card' });
    const chargeId = started.nextAction.kind === 'redirect' ? started.nextAction.url.split('/').pop()! : '';
    await payWithSandboxCard(database.db, chargeId, '4242424242424242');
    await returnFromProvider(database.db, agent, started.paymentId);

    const payment = await paymentRow(database.db, started.paymentId);
    const booking = await bookingRow(database.db, booked.reference);
    expect(payment).toMatchObject({ status: 'succeeded', currency: 'RUB' });
    expect(booking).toMatchObject({ status: 'completed', chargeCurrency: 'RUB', chargeTotalMinor: payment.amountMinor, chargeFeeMinor: payment.feeMinor, chargeTaxMinor: payment.taxMinor });
    const subtotal = payment.amountMinor - payment.feeMinor - payment.taxMinor;
    const percent = (share: number) => Math.round((subtotal * share) / 100);
    expect(payment.feeMinor).toBe(percent(4) + percent(2));
    expect(payment.taxMinor).toBe(percent(6));

    const doc = await documentOf(booked.reference);
    expect(doc.payment?.lines).toEqual([
      { kind: 'subtotal', percent: null, amountMinor: subtotal },
      { kind: 'conversionFee', percent: 4, amountMinor: percent(4) },
      { kind: 'cardFee', percent: 2, amountMinor: percent(2) },
      { kind: 'tax', percent: 6, amountMinor: percent(6) },
    ]);
    const rub = (minor: number) => money(minor, 'RUB');
    const invoice = await pdfText(await renderInvoicePdf(doc));
    expect(invoice).toContain(`Payment Paid by card (Sandbox (test), ${chargeId})`);
    expect(invoice).toContain(`Paid by card (Sandbox (test)) ${rub(payment.amountMinor)}`);
    expect(invoice).toContain(`Balance due ${money(0)}`);
    expect(invoice).toContain('Payment in RUB');
    expect(invoice).toContain(`Booking total in RUB ${rub(subtotal)}`);
    expect(invoice).toContain(`Conversion fee (4%) ${rub(percent(4))}`);
    expect(invoice).toContain(`Card fee (2%) ${rub(percent(2))}`);
    expect(invoice).toContain(`Tax (6%) ${rub(percent(6))}`);
    expect(invoice).toContain(`Charged ${rub(payment.amountMinor)}`);
    expect(invoice).toContain('Charged through Sandbox (test) on');

    // The same invoice in Russian (its no-break spaces read as spaces here).
    const russian = await pdfText(await renderInvoicePdf({ ...doc, locale: 'ru' }));
    expect(russian).toContain(`Оплата Оплачено картой (Песочница (тест), ${chargeId})`);
    expect(russian).toContain(`Оплачено картой (Песочница (тест)) ${money(payment.amountMinor, 'RUB', 'ru')}`);
    expect(russian).toContain(`Налог (6 %) ${money(percent(6), 'RUB', 'ru')}`);
    expect(russian).toContain(`Комиссия за конвертацию (4 %) ${money(percent(4), 'RUB', 'ru')}`);
  });

  it('credits a cancelled card booking back to the card: pending until the provider takes the refund, then refunded', async () => {
    const booked = await paidCardBooking({ daysAhead: 30 });
    const quote = await cancelBooking(database.db, agent, booked.reference);
    const [refund] = await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, booked.paymentId));
    expect(refund).toMatchObject({ status: 'pending', reason: 'cancellation' });

    const pending = await documentOf(booked.reference);
    expect(pending.providerRefunds).toEqual([{ amountMinor: refund!.amountMinor, currency: 'AED', status: 'pending', providerReference: null, settledAt: null }]);
    const before = await pdfText(await renderCreditNotePdf(pending));
    expect(before).toContain(`Paid by card ${money(pending.netTotalMinor)}`);
    expect(before).toContain(`Refund to the card ${money(quote.refundMinor)}`);
    expect(before).not.toContain('Refunded to the balance');
    expect(before).toContain(`Refund to the card through Sandbox (test): ${money(refund!.amountMinor)}. Pending: Sandbox (test) has not taken the refund yet.`);
    expect(before).toContain('is not credited to the agency\'s balance');
    // The voucher is stamped CANCELLED and still says how it was paid.
    expect(await pdfText(await renderVoucherPdf(pending))).toContain('Paid by card · Sandbox (test)');

    await processRefund(database.db, refund!.id);
    const refunded = await documentOf(booked.reference);
    expect(refunded.providerRefunds).toMatchObject([{ status: 'succeeded', amountMinor: refund!.amountMinor }]);
    const after = await pdfText(await renderCreditNotePdf(refunded));
    expect(after).toContain(`Refund to the card through Sandbox (test): ${money(refund!.amountMinor)}. Refunded on`);
    expect(after).not.toContain('Pending');
  });
});

describe('the monthly tax invoice', () => {
  it('counts a card-paid booking as paid by its provider, not as due', async () => {
    const booked = await paidCardBooking();
    const doc = await documentOf(booked.reference);
    // This month's invoice, read once it is issued (after the 3rd of the next month).
    const issued = new Date(Date.now() + 40 * 86_400_000);
    const invoice = await loadMonthlyInvoice(database.db, agent, dubaiToday(new Date()).slice(0, 7), issued, 'en');
    const line = invoice?.lines.find((entry) => entry.reference === booked.reference);
    expect(line).toMatchObject({ netTotalMinor: doc.netTotalMinor, paidMinor: 0, providerPaidMinor: doc.netTotalMinor });
    const { totals } = invoice!;
    expect(totals.providerPaidMinor).toBe(invoice!.lines.reduce((sum, entry) => sum + entry.providerPaidMinor, 0));
    expect(totals.providerPaidMinor).toBeGreaterThanOrEqual(doc.netTotalMinor);
    expect(totals.dueMinor).toBe(totals.totalMinor - totals.paidMinor - totals.providerPaidMinor);
    const text = await pdfText(await renderMonthlyInvoicePdf(invoice!));
    expect(text).toContain(`Paid by card, crypto or SBP ${money(totals.providerPaidMinor)}`);
  });
});

describe('a booking paid from the balance', () => {
  it('keeps its documents as they were: the agency balance, paid from it, refunded to it', async () => {
    const offer = await findOffer(database.db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 30);
    const slot = await prepareSlot(database.db, offer.id, date, { left: 10 });
    const booked = await createBooking(database.db, agent, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 1, paymentMethod: 'balance' }), { locale: 'en' });
    const doc = await documentOf(booked.reference);
    expect(doc).toMatchObject({ status: 'completed', paymentMethod: 'balance', payment: null, providerRefunds: [] });

    const voucher = await pdfText(await renderVoucherPdf(doc));
    expect(voucher).toContain('Payment Agency balance');
    expect(voucher).not.toContain('Sandbox');
    const invoice = await pdfText(await renderInvoicePdf(doc));
    expect(invoice).toContain(`Paid from balance ${money(doc.netTotalMinor)}`);
    expect(invoice).toContain(`Balance due ${money(0)}`);
    expect(invoice).not.toContain('Paid by card');
    expect(invoice).not.toContain('Payment in');

    const quote = await cancelBooking(database.db, agent, booked.reference);
    const creditNote = await pdfText(await renderCreditNotePdf(await documentOf(booked.reference)));
    expect(creditNote).toContain(`Paid from balance ${money(doc.netTotalMinor)}`);
    expect(creditNote).toContain(`Refunded to the balance ${money(quote.refundMinor)}`);
    expect(creditNote).toContain('The refund and the processing fee appear as their own lines in the agency\'s statement.');
    expect(creditNote).not.toContain('to the card');
  });
});
