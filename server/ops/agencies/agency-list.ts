import 'server-only';
import { and, asc, desc, eq, exists, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, agencyInvoices, users } from '@/server/db/schema';
import { dubaiToday } from '@/shared/availability/rules';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { AgencyListFilters } from './agency-schemas';

export const AGENCY_PAGE_SIZE = 50;

export type AgencyListRow = {
  agencyId: string;
  name: string;
  status: (typeof agencies.$inferSelect)['status'];
  trn: string | null;
  tradeLicenceNumber: string | null;
  balanceMinor: number;
  creditLimitMinor: number;
  createdAt: Date;
  overdue: boolean;
};

/** `%`, `_` and `\` typed by the operator match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The console's agency list: search by name, TRN, trade licence or any agent's
 * e-mail, by status and standing; overdue agencies first, then pending, then by name; paged in SQL.
 * Standing reads the small invoices table on its unpaid partial index, never the bookings.
 */
export async function listOpsAgencies(
  db: Database,
  _staff: StaffPrincipal,
  filters: AgencyListFilters,
  now: Date = new Date(),
): Promise<{ rows: AgencyListRow[]; hasNext: boolean }> {
  const today = dubaiToday(now);
  const overdueInvoice = db
    .select({ one: sql`1` })
    .from(agencyInvoices)
    .where(and(eq(agencyInvoices.agencyId, agencies.id), isNull(agencyInvoices.paidAt), lt(agencyInvoices.dueOn, today)));
  const overdue = sql<boolean>`exists (${overdueInvoice})`;
  const search = filters.q ? containsPattern(filters.q) : null;
  const rows = await db
    .select({
      agencyId: agencies.id,
      name: agencies.name,
      status: agencies.status,
      trn: agencies.trn,
      tradeLicenceNumber: agencies.tradeLicenceNumber,
      balanceMinor: agencies.balanceMinor,
      creditLimitMinor: agencies.creditLimitMinor,
      createdAt: agencies.createdAt,
      overdue,
    })
    .from(agencies)
    .where(
      and(
        filters.status ? eq(agencies.status, filters.status) : undefined,
        filters.standing === 'overdue' ? exists(overdueInvoice) : undefined,
        search
          ? or(
              ilike(agencies.name, search),
              ilike(agencies.trn, search),
              ilike(agencies.tradeLicenceNumber, search),
              exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.agencyId, agencies.id), ilike(users.email, search)))),
            )
          : undefined,
      ),
    )
    .orderBy(desc(overdue), sql`${agencies.status} = 'pending' desc`, asc(agencies.name), asc(agencies.id))
    .limit(AGENCY_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AGENCY_PAGE_SIZE);
  return { rows: rows.slice(0, AGENCY_PAGE_SIZE), hasNext: rows.length > AGENCY_PAGE_SIZE };
}
