import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database, Transaction } from '@/server/db/connection';
import { storedFiles } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { allowedFormats, checkUpload, type FileKindName } from '@/shared/files/file-rules';
import { type AgencyFilePurpose, FILE_PURPOSE_PERMISSIONS, type FilePurpose, PUBLIC_FILE_PURPOSES } from '@/shared/files/file-purpose';
import { type FileStorage, getFileStorage } from './storage';
import { REENCODED_PURPOSES, reencodedImage } from './whole-image';

export type StoredFile = typeof storedFiles.$inferSelect;

export type UploadInput = {
  agencyId: string;
  purpose: FilePurpose;
  file: File;
  uploadedBy: string | null;
  /** The form field the file came from, so a refusal shows at that field. */
  field: string;
};

/**
 * Checks an uploaded file (size, then type by content; a logo is re-encoded), writes its bytes to
 * storage and records it. Run inside the caller's transaction: a refused or failed write records nothing. The bytes
 * are written before the row, so a rolled-back transaction can leave an unreferenced file behind,
 * never a row without bytes.
 */
export async function saveUpload(
  tx: Database | Transaction,
  input: UploadInput,
  storage: FileStorage = getFileStorage(),
): Promise<StoredFile> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const check = checkUpload(bytes, input.purpose);
  if (!check.ok) throw new RuleViolation(check.code, check.values, input.field);
  const stored = await storedBytes(bytes, input.purpose, check.kind);
  if (!stored) throw new RuleViolation('files.damagedImage', allowedFormats(input.purpose), input.field);
  const storageKey = `${input.agencyId}/${randomUUID()}.${check.extension}`;
  await storage.put(storageKey, stored, check.contentType);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      agencyId: input.agencyId,
      purpose: input.purpose,
      storageKey,
      originalName: safeFileName(input.file.name, check.extension),
      contentType: check.contentType,
      sizeBytes: stored.byteLength,
      uploadedBy: input.uploadedBy,
    })
    .returning();
  return row!;
}

/** What is kept of an upload: its bytes, or for REENCODED_PURPOSES their re-encoded copy (null: it does not decode). */
async function storedBytes(bytes: Uint8Array<ArrayBuffer>, purpose: FilePurpose, kind: FileKindName): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!REENCODED_PURPOSES.has(purpose)) return bytes;
  return kind === 'png' || kind === 'jpg' ? reencodedImage(bytes, kind) : null;
}

/**
 * A file input left empty arrives as an empty File named '' — or 'undefined' through a hydrated
 * server action, whose multipart parser drops the empty file name.
 */
export function isProvidedFile(value: unknown): value is File {
  return value instanceof File && (value.size > 0 || (value.name !== '' && value.name !== 'undefined'));
}

/** The purposes of the files a role may download (FILE_PURPOSE_PERMISSIONS). */
export function visibleFilePurposes(principal: Principal): AgencyFilePurpose[] {
  return (Object.keys(FILE_PURPOSE_PERMISSIONS) as AgencyFilePurpose[]).filter((purpose) => memberCan(principal, FILE_PURPOSE_PERMISSIONS[purpose]));
}

/**
 * A file the principal may download: of their agency, and of a purpose their role may see. Any
 * other id is NotFound, so a junior agent cannot tell the contract copy's id from a wrong one.
 */
export async function loadVisibleFile(db: Database, principal: Principal, fileId: string): Promise<StoredFile> {
  const purposes = visibleFilePurposes(principal);
  if (purposes.length === 0) throw new NotFound();
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.agencyId, principal.agencyId), inArray(storedFiles.purpose, purposes)))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}

/** An agency's file for staff with the agencies section (its documents, payment slips); catalogue images are not agency files. */
export async function loadAgencyFileForStaff(db: Database, _staff: StaffPrincipal, fileId: string): Promise<StoredFile> {
  const [row] = await db.select().from(storedFiles).where(and(eq(storedFiles.id, fileId), isNotNull(storedFiles.agencyId))).limit(1);
  if (!row) throw new NotFound();
  return row;
}

/** The user's file name without path or control characters, ending in the detected extension. */
function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'file'}.${extension}`;
}

/**
 * A catalogue image (purpose `tourImage`): no agency, uploaded by a staff member, kept under its
 * tour's folder. Checked and written like saveUpload, in the caller's transaction.
 */
export async function saveCatalogImage(
  tx: Database | Transaction,
  input: { file: File; staffId: string; folder: string; field: string },
  storage: FileStorage = getFileStorage(),
): Promise<StoredFile> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const check = checkUpload(bytes, 'tourImage');
  if (!check.ok) throw new RuleViolation(check.code, check.values, input.field);
  const storageKey = `${input.folder}/${randomUUID()}.${check.extension}`;
  await storage.put(storageKey, bytes, check.contentType);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      agencyId: null,
      purpose: 'tourImage',
      storageKey,
      originalName: safeFileName(input.file.name, check.extension),
      contentType: check.contentType,
      sizeBytes: bytes.byteLength,
      uploadedByStaffId: input.staffId,
    })
    .returning();
  return row!;
}

/** A public picture anyone may see (the catalogue's, a widget site's); any other file's id is NotFound. */
export async function loadCatalogImage(db: Database, fileId: string): Promise<StoredFile> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), inArray(storedFiles.purpose, [...PUBLIC_FILE_PURPOSES])))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}
