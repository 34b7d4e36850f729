import type { Permission } from '@/shared/auth/permissions';
import type { filePurpose } from '@/server/db/schema';

/** What an uploaded file is for (the `file_purpose` enum). */
export type FilePurpose = (typeof filePurpose.enumValues)[number];
/**
 * Public pictures anyone may see: the catalogue's (`tourImage`, no agency), an agency's widget
 * sites', and its logo from the company settings, which its signed-out guests see on their mails,
 * vouchers and quotes.
 */
export const PUBLIC_FILE_PURPOSES = ['tourImage', 'widgetLogo', 'widgetHeroImage', 'agencyLogo'] as const satisfies readonly FilePurpose[];

/** Where a public picture is served to anyone (`/api/catalog/images/[id]`). */
export function publicImageUrl(fileId: string): string {
  return `/api/catalog/images/${fileId}`;
}
/** Files only an agency's users may download. */
export type AgencyFilePurpose = Exclude<FilePurpose, (typeof PUBLIC_FILE_PURPOSES)[number]>;

/**
 * Who may download a file of each purpose: what the role may see where the file is shown, not
 * merely membership of the agency. Company documents (licence, certificate, contract, signatory's
 * id) belong to the company settings, for admins; payment slips to the deposit notices of the
 * balance pages.
 */
export const FILE_PURPOSE_PERMISSIONS: Record<AgencyFilePurpose, Permission> = {
  tradeLicence: 'company:edit',
  vatCertificate: 'company:edit',
  contractCopy: 'company:edit',
  signatoryId: 'company:edit',
  paymentSlip: 'balance:view',
};
