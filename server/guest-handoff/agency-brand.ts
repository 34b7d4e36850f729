import 'server-only';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { agencyLogoFileId } from '@/server/agencies/agency-logo';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies, agencyProfiles, widgets } from '@/server/db/schema';
import { publicOrigin } from '@/server/hosts/seo';
import type { GuestBrand } from '@/server/widgets/guest-bookings/guest-booking-view';
import { SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';

// What a guest sees of the agency that sold them the tour (the white label): its name and address
// from the company settings (/my-agencies), the contacts a guest should call (support first, then
// operations, then the sign-up number), and its logo (the company settings' own, else its newest
// widget's). Never ours: no operator name, address or contact reaches the guest.

/** The agency's brand for its guests. */
export async function loadAgencyBrand(db: Database | Transaction, agencyId: string): Promise<GuestBrand> {
  const [row] = await db
    .select({ name: agencies.name, address: agencies.address, profile: agencyProfiles })
    .from(agencies)
    .leftJoin(agencyProfiles, eq(agencyProfiles.agencyId, agencies.id))
    .where(eq(agencies.id, agencyId));
  const profile = row?.profile;
  const support = profile?.supportContacts;
  const operations = profile?.operationsContacts;
  return {
    name: row?.name ?? '',
    logoFileId: await agencyLogoFileId(db, agencyId, profile?.logoFileId ?? null),
    address: row?.address ?? '',
    phone: support?.officeNumber || support?.mobile || operations?.primaryLine || profile?.contactPhone || '',
    email: support?.email || operations?.primaryEmail || '',
    reservationName: support?.primaryContactName ?? '',
  };
}

/**
 * Where the agency's guests open its links: its widget site's verified domain when it has one (the
 * address is the agency's too), else the portal's main host, where the page shows the agency's brand.
 */
export async function agencyLinkOrigin(db: Database | Transaction, agencyId: string): Promise<string> {
  const [site] = await db
    .select({ domain: widgets.domain })
    .from(widgets)
    .where(
      and(
        eq(widgets.agencyId, agencyId),
        eq(widgets.domainStatus, 'verified'),
        isNull(widgets.deletedAt),
        inArray(widgets.type, [...SITE_WIDGET_TYPES]),
      ),
    )
    .orderBy(desc(widgets.updatedAt))
    .limit(1);
  return site?.domain ? `https://${site.domain}` : publicOrigin('main');
}

/** Whether `domain` (a widget's, lower case, no port) is a verified widget domain of the agency. */
export async function isAgencyDomain(db: Database, agencyId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: widgets.id })
    .from(widgets)
    .where(and(eq(widgets.agencyId, agencyId), eq(widgets.domain, domain), eq(widgets.domainStatus, 'verified'), isNull(widgets.deletedAt)))
    .limit(1);
  return Boolean(row);
}
