import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { NotFound } from '@/server/errors';
import { rowsOf } from '@/server/db/result-rows';

/**
 * For the end-to-end test hook only: moves an agency's ledger and invoices one month into the
 * past, as if a month had gone by, so that a browser test can reach an invoiced month and a
 * passed due date without a clock of its own. Returns the agency's id.
 */
export async function ageAgencyByOneMonth(db: Database, adminEmail: string): Promise<{ agencyId: string }> {
  return db.transaction(async (tx) => {
    const found = rowsOf<{ agency_id: string }>(await tx.execute(sql`select agency_id from users where email = ${adminEmail.toLowerCase()} limit 1`));
    const agencyId = found[0]?.agency_id;
    if (!agencyId) throw new NotFound();
    await tx.execute(sql`update ledger_entries set created_at = created_at - interval '1 month' where agency_id = ${agencyId}`);
    await tx.execute(sql`
      update agency_invoices
      set month = (month - interval '1 month')::date, issued_at = issued_at - interval '1 month', due_on = (due_on - interval '1 month')::date
      where agency_id = ${agencyId}`);
    return { agencyId };
  });
}
