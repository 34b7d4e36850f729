import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, agencyProfiles, auditLog, bookings, ledgerEntries, staffMembers, storedFiles, tours, users } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

// The console's agency page: the company as it signed up, its documents and agents,
// then one paged list at a time (statement, bookings, invoices, audit trail), each in SQL on the
// agency's own index.

export const DETAIL_PAGE_SIZE = 20;

export type OpsAgency = NonNullable<Awaited<ReturnType<typeof findAgency>>>;

function findAgency(db: Database, agencyId: string) {
  return db
    .select({
      agencyId: agencies.id,
      name: agencies.name,
      status: agencies.status,
      trn: agencies.trn,
      tradeLicenceNumber: agencies.tradeLicenceNumber,
      tradeLicenceExpiry: agencies.tradeLicenceExpiry,
      address: agencies.address,
      creditLimitMinor: agencies.creditLimitMinor,
      balanceMinor: agencies.balanceMinor,
      paymentTermsDays: agencies.paymentTermsDays,
      statusReason: agencies.statusReason,
      statusChangedAt: agencies.statusChangedAt,
      createdAt: agencies.createdAt,
      contactPhone: agencyProfiles.contactPhone,
      signatoryName: agencyProfiles.signatoryName,
      contractValidFrom: agencyProfiles.contractValidFrom,
      contractValidTo: agencyProfiles.contractValidTo,
    })
    .from(agencies)
    .leftJoin(agencyProfiles, eq(agencyProfiles.agencyId, agencies.id))
    .where(eq(agencies.id, agencyId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function loadOpsAgency(db: Database, _staff: StaffPrincipal, agencyId: string) {
  const [agency, documents, agents] = await Promise.all([
    findAgency(db, agencyId),
    db
      .select({ fileId: storedFiles.id, purpose: storedFiles.purpose, originalName: storedFiles.originalName, sizeBytes: storedFiles.sizeBytes, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(eq(storedFiles.agencyId, agencyId))
      .orderBy(desc(storedFiles.createdAt))
      .limit(50),
    db
      .select({ userId: users.id, name: users.name, email: users.email, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.agencyId, agencyId))
      .orderBy(asc(users.name))
      .limit(200),
  ]);
  if (!agency) throw new NotFound();
  return { agency, documents, agents };
}

type Paged<Row> = { rows: Row[]; hasNext: boolean };

function paged<Row>(rows: Row[]): Paged<Row> {
  return { rows: rows.slice(0, DETAIL_PAGE_SIZE), hasNext: rows.length > DETAIL_PAGE_SIZE };
}

const window = (page: number) => ({ limit: DETAIL_PAGE_SIZE + 1, offset: (page - 1) * DETAIL_PAGE_SIZE });

export async function listAgencyStatement(db: Database, agencyId: string, page: number) {
  const { limit, offset } = window(page);
  return paged(
    await db
      .select({
        entryId: ledgerEntries.id,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerEntries.kind,
        description: ledgerEntries.description,
        debitMinor: ledgerEntries.debitMinor,
        creditMinor: ledgerEntries.creditMinor,
        balanceAfterMinor: ledgerEntries.balanceAfterMinor,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.agencyId, agencyId))
      .orderBy(desc(ledgerEntries.createdAt))
      .limit(limit)
      .offset(offset),
  );
}

export async function listAgencyBookings(db: Database, agencyId: string, page: number) {
  const { limit, offset } = window(page);
  return paged(
    await db
      .select({
        bookingId: bookings.id,
        reference: bookings.reference,
        createdAt: bookings.createdAt,
        tourDate: bookings.tourDate,
        tourTitle: tours.title,
        status: bookings.status,
        paymentMethod: bookings.paymentMethod,
        netTotalMinor: bookings.netTotalMinor,
        agentName: users.name,
      })
      .from(bookings)
      .innerJoin(tours, eq(tours.id, bookings.tourId))
      .innerJoin(users, eq(users.id, bookings.agentId))
      .where(eq(bookings.agencyId, agencyId))
      .orderBy(desc(bookings.createdAt), desc(bookings.reference))
      .limit(limit)
      .offset(offset),
  );
}

/** Changes to the agency and its agents, by its agents, by staff or by the system. */
export async function listAgencyAudit(db: Database, agencyId: string, page: number) {
  const { limit, offset } = window(page);
  return paged(
    await db
      .select({
        auditId: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        changes: auditLog.changes,
        agentEmail: users.email,
        staffName: staffMembers.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(staffMembers, eq(staffMembers.id, auditLog.actorStaffId))
      .where(eq(auditLog.agencyId, agencyId))
      .orderBy(desc(auditLog.createdAt))
      .limit(limit)
      .offset(offset),
  );
}
