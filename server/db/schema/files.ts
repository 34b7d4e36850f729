import { index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { agencies, users } from './agencies';
import { staffMembers } from './staff';

/** What an uploaded file is for; each purpose has its own allowed types (server/files/file-rules). */
export const filePurpose = pgEnum('file_purpose', [
  'tradeLicence',
  'vatCertificate',
  'contractCopy',
  'signatoryId',
  'paymentSlip',
  // Public catalogue pictures uploaded in the console: no agency, anyone may see them.
  'tourImage',
  // A widget's pictures: shown to anyone on the agency's widget site.
  'widgetLogo',
  'widgetHeroImage',
  // The agency's logo from its company settings: shown to its guests, so public like a widget's.
  'agencyLogo',
]);

/**
 * An uploaded file's record. The bytes live behind the storage interface (server/files/storage)
 * under `storage_key`; only users of `agency_id` may download it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for `tourImage`, which belongs to the catalogue. */
    agencyId: uuid('agency_id').references(() => agencies.id),
    purpose: filePurpose('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedByStaffId: uuid('uploaded_by_staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_agency_idx').on(t.agencyId)],
);
