import 'server-only';
import type { Database } from '@/server/db/connection';
import type { JobQueue } from '@/server/jobs/job-queue';
import { recordPaidInvoices } from '@/server/ledger/invoice-payments';
import { issueMonthInvoices, lastEndedMonth } from './issue-invoices';

/**
 * The 30-day credit's schedule: every minute (once across processes), the month that last ended is
 * invoiced if this process has not done it yet (issuing is idempotent, so a restart or a second
 * process only repeats a no-op), and unpaid invoices the ledger now covers are marked paid.
 */
export function creditMonthlyJob(db: Database, now: () => Date = () => new Date()) {
  let issuedMonth: string | null = null;
  return async () => {
    const month = lastEndedMonth(now());
    if (issuedMonth !== month) {
      await issueMonthInvoices(db, month, { now: now() });
      issuedMonth = month;
    }
    await recordPaidInvoices(db);
  };
}

export async function workCreditJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('credit.monthly', creditMonthlyJob(db));
  await queue.everyMinute('credit.monthly');
}
