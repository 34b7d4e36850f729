// The agency's monthly tax invoice (spec §9): the operator bills each agency once a month for the
// bookings completed that month, at NET (b2b) rates with UAE VAT included. It is issued on the 3rd
// of the next month (Asia/Dubai) and falls due the agency's payment terms (30 days unless set otherwise) after the month's end.
//
// Deliberately simple and explainable: a booking is on the invoice of the Asia/Dubai month it was
// made in when its status is `completed` at the time the invoice is read. Quotation requests,
// unpaid and cancelled bookings never are; refunds and cancellation fees are not invoiced here.
import 'server-only';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant, dubaiToday } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, offers, tours } from '@/server/db/schema';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { Forbidden } from '@/server/errors';
import { isStatementMonth, type StatementMonth } from '@/server/balance/statement-queries';
import { loadMonthCreditTerms } from '@/server/credit/credit-standing';
import { addMonths, lastDayOf, taxInvoiceAfter } from '@/shared/ledger/credit-terms';
import { isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { OPERATOR } from '@/shared/sites/site-content';
import enMessages from '@/messages/en.json';
import ruMessages from '@/messages/ru.json';
import type { BookingDocument } from './booking-document';
import { includedVat } from './invoice-pdf';

export type MonthlyInvoiceLine = {
  reference: string;
  /** Asia/Dubai day the booking was made, `yyyy-MM-dd`. */
  bookedOn: string;
  /** `yyyy-MM-dd`. */
  tourDate: string;
  tourTitle: string;
  offerName: string;
  guestName: string;
  /** AED fils. */
  netTotalMinor: number;
  /** Paid from the balance. */
  paidMinor: number;
  /** Paid by card, crypto or SBP through a provider: the NET, settled in full. */
  providerPaidMinor: number;
};

export type MonthlyInvoice = {
  /** `INV-<agency code>-<yyyy-MM>`: the same month of the same agency always gets the same number. */
  number: string;
  month: StatementMonth;
  locale: Locale;
  /** All days `yyyy-MM-dd`, Asia/Dubai. The issue date is the day the invoice becomes available. */
  issueDate: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  agency: { name: string; address: string | null; trn: string | null };
  seller: BookingDocument['seller'];
  currency: 'AED';
  lines: MonthlyInvoiceLine[];
  /** AED fils. `totalMinor` includes `vatMinor`; `dueMinor` is what is left after the balance and provider payments. */
  totals: { excludingVatMinor: number; vatMinor: number; totalMinor: number; paidMinor: number; providerPaidMinor: number; dueMinor: number };
};

const SITE_MESSAGES = { en: enMessages, ru: ruMessages } satisfies Record<Locale, unknown>;

/** A `yyyy-MM` within the calendar the portal keeps: `/api/invoices/monthly/9999-12` is not found, never a failed query. */
export function isInvoiceMonth(value: unknown): value is StatementMonth {
  return isStatementMonth(value);
}

/** The Asia/Dubai day from which a month's tax invoice can be downloaded: the 3rd of the next month. */
export function monthlyInvoiceIssueDate(month: StatementMonth): string {
  return taxInvoiceAfter(month);
}

export function isMonthlyInvoiceAvailable(month: StatementMonth, now: Date): boolean {
  return dubaiToday(now) >= monthlyInvoiceIssueDate(month);
}

/**
 * A short, stable code of the agency for invoice numbers: the last 12 hex digits of its id. Those
 * are the random node part of a v4 id, while ids made by hand (the demo agencies) often share a
 * prefix and differ only at the end.
 */
export function monthlyInvoiceNumber(agencyId: string, month: StatementMonth): string {
  return `INV-${agencyId.replaceAll('-', '').slice(-12).toUpperCase()}-${month}`;
}

/**
 * The principal's agency's tax invoice for `month`, written in `locale`; null for a malformed
 * month or one whose invoice is not issued yet at `now`. Needs `balance:view` (seniors, admins).
 */
export async function loadMonthlyInvoice(
  db: Database,
  principal: Principal,
  month: string,
  now: Date,
  locale: Locale = 'en',
): Promise<MonthlyInvoice | null> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  if (!isInvoiceMonth(month) || !isMonthlyInvoiceAvailable(month, now)) return null;

  const [agency] = await db
    .select({ name: agencies.name, address: agencies.address, trn: agencies.trn })
    .from(agencies)
    .where(eq(agencies.id, principal.agencyId))
    .limit(1);
  if (!agency) return null;

  const rows = await selectBookingRows(db, {
    reference: bookings.reference,
    createdAt: bookings.createdAt,
    tourDate: bookings.tourDate,
    tourTitle: tours.title,
    offerName: offers.name,
    guestName: bookings.guestName,
    netTotalMinor: bookings.netTotalMinor,
    paidMinor: bookings.paidMinor,
    paymentMethod: bookings.paymentMethod,
  })
    .where(
      and(
        eq(bookings.agencyId, principal.agencyId),
        eq(bookings.status, 'completed'),
        gte(bookings.createdAt, dubaiInstant(`${month}-01`, null)),
        lt(bookings.createdAt, dubaiInstant(`${addMonths(month, 1)}-01`, null)),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.reference));

  // The due date /balance shows and the credit check compares: the agency's terms after the month's end.
  const terms = await loadMonthCreditTerms(db, principal.agencyId, month);
  const lines = rows.map(
    (row): MonthlyInvoiceLine => ({
      reference: row.reference,
      bookedOn: dubaiToday(row.createdAt),
      tourDate: row.tourDate,
      tourTitle: row.tourTitle[locale],
      offerName: row.offerName[locale],
      guestName: row.guestName,
      netTotalMinor: row.netTotalMinor,
      paidMinor: row.paidMinor,
      // A completed card, crypto or SBP booking was settled by its provider for its whole NET.
      providerPaidMinor: isProviderPaymentMethod(row.paymentMethod) ? row.netTotalMinor : 0,
    }),
  );
  const totalMinor = lines.reduce((sum, line) => sum + line.netTotalMinor, 0);
  const paidMinor = lines.reduce((sum, line) => sum + line.paidMinor, 0);
  const providerPaidMinor = lines.reduce((sum, line) => sum + line.providerPaidMinor, 0);
  const vatMinor = includedVat(totalMinor);

  return {
    number: monthlyInvoiceNumber(principal.agencyId, month),
    month,
    locale,
    issueDate: monthlyInvoiceIssueDate(month),
    periodStart: `${month}-01`,
    periodEnd: lastDayOf(month),
    dueDate: terms.dueDate,
    agency,
    seller: {
      legalName: OPERATOR.legalName,
      address: SITE_MESSAGES[locale].sites.main.address,
      vatNumber: OPERATOR.vatNumber,
      licenceNumber: OPERATOR.tradeLicenceNumber,
      phone: OPERATOR.phone,
      email: OPERATOR.email,
    },
    currency: 'AED',
    lines,
    totals: { excludingVatMinor: totalMinor - vatMinor, vatMinor, totalMinor, paidMinor, providerPaidMinor, dueMinor: totalMinor - paidMinor - providerPaidMinor },
  };
}
