import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { widgets } from '@/server/db/schema';

/**
 * The logo an agency's guests see (a public file): the one from its company settings
 * (`agency_profiles.logo_file_id`, which the caller has read with the rest of the profile), else
 * that of its newest widget that has one, so an agency that only ever gave its widgets a logo
 * keeps its brand.
 */
export async function agencyLogoFileId(db: Database | Transaction, agencyId: string, companyLogoFileId: string | null): Promise<string | null> {
  if (companyLogoFileId) return companyLogoFileId;
  const [widget] = await db
    .select({ fileId: sql<string>`${widgets.logoFileIds}->>0` })
    .from(widgets)
    .where(and(eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt), sql`jsonb_array_length(${widgets.logoFileIds}) > 0`))
    .orderBy(desc(widgets.updatedAt))
    .limit(1);
  return widget?.fileId ?? null;
}
