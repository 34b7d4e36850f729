// Which booking documents there are and who may download them. Pure: the download route checks
// it and the booking pages list only the links the agent may follow.
import 'server-only';
import { can, type Permission, type Role } from '@/server/shared/auth/permissions';

/** The invoice is at NET (b2b) prices, so it needs the right to see them. */
export const DOCUMENT_PERMISSIONS = {
  voucher: 'bookings:viewOwn',
  tickets: 'bookings:viewOwn',
  invoice: 'rates:viewB2b',
} as const satisfies Record<string, Permission>;

export type DocumentKind = keyof typeof DOCUMENT_PERMISSIONS;

export function isDocumentKind(value: string): value is DocumentKind {
  return Object.hasOwn(DOCUMENT_PERMISSIONS, value);
}

export function documentsFor(role: Role): DocumentKind[] {
  return (Object.keys(DOCUMENT_PERMISSIONS) as DocumentKind[]).filter((kind) => can(role, DOCUMENT_PERMISSIONS[kind]));
}
