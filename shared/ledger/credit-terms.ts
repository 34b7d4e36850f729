// Spec §9's credit terms, one rule for every side that needs it: the agency's /balance page and
// its monthly invoice say when a month must be paid, the invoice run stores that day, and the
// booking's check closes the credit limit once it has passed unpaid. Pure; months are Asia/Dubai
// calendar months `yyyy-MM`, days `yyyy-MM-dd`.

/** "Invoice cleared within 30 days of month end": the terms an agency gets unless the operator sets others. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a month, `yyyy-MM-dd`. */
export function lastDayOf(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The last day on which `month`'s invoice counts as cleared in time: `paymentTermsDays` after the
 * month's last day. The invoice is overdue from the next day (see `isPastDue`).
 */
export function invoiceDueDate(month: string, paymentTermsDays: number = DEFAULT_PAYMENT_TERMS_DAYS): string {
  return addDays(lastDayOf(month), paymentTermsDays);
}

/** Whether an invoice due on `dueOn` is overdue on Dubai's `today`: the due day itself is still in time. */
export function isPastDue(dueOn: string, today: string): boolean {
  return dueOn < today;
}

/** "Monthly tax invoice after the 3rd of the next month." */
export function taxInvoiceAfter(month: string): string {
  return `${addMonths(month, 1)}-03`;
}

export type MonthTerms = { dueDate: string; taxInvoiceAfter: string };

/** Both of spec §9's dates for one month, under the agency's payment terms. */
export function monthTerms(month: string, paymentTermsDays: number = DEFAULT_PAYMENT_TERMS_DAYS): MonthTerms {
  return { dueDate: invoiceDueDate(month, paymentTermsDays), taxInvoiceAfter: taxInvoiceAfter(month) };
}
