import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { MailContext } from '@/server/account/account-mail';
import type { SignUpInput } from '@/server/account/account-schemas';
import type { Database } from '@/server/db/connection';
import { agencies, agencyProfiles, auditLog, mailOutbox, storedFiles, users } from '@/server/db/schema';
import { LocalDiskStorage } from '@/server/files/storage';
import { listOutboxMail } from '@/server/mail/outbox-queries';
export { rejection } from '../support/rejection';

// Shared by the account tests: documents built in memory, a sign-up's input, a throwaway upload
// directory, and readers of what a change left in the database and the outbox.

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%licence\n');
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
/** "MZ": the start of every Windows executable. */
export const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);

export function fileOf(bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/pdf'): File {
  return new File([bytes], name, { type });
}

/** A PDF of `megabytes` MB (a valid header, then zeros). */
export function largePdf(megabytes: number): File {
  const bytes = new Uint8Array(megabytes * 1024 * 1024);
  bytes.set(PDF_BYTES);
  return fileOf(bytes, 'licence.pdf');
}

export const MAIL: MailContext = { locale: 'en', origin: 'https://b2b.test' };

let visitors = 0;
/** A client address no other sign-up of the test file came from (sign-ups are limited per address). */
export function visitorAddress(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** A trade licence expiry date well ahead of any clock the tests run on. */
export const LICENCE_IN_FORCE = `${new Date().getUTCFullYear() + 2}-06-30`;

export function signUpInput(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    name: 'Maya Rahman',
    email: `maya.${crypto.randomUUID().slice(0, 8)}@falcon-trips.test`,
    contactPhone: '+971 50 111 2233',
    companyName: 'Falcon Trips L.L.C.',
    tradeLicenceExpiry: LICENCE_IN_FORCE,
    tradeLicence: fileOf(PDF_BYTES, 'trade licence.pdf'),
    vatCertificate: fileOf(PNG_BYTES, 'vat.png', 'image/png'),
    ...overrides,
  };
}

export async function uploadDirectory(): Promise<{ storage: LocalDiskStorage; files: () => Promise<string[]>; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'account-uploads-'));
  return {
    storage: new LocalDiskStorage(root),
    files: () => readdir(root, { recursive: true }).then((entries) => entries.filter((entry) => entry.includes('.'))),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Row counts of everything a sign-up writes: unchanged counts mean nothing was created. */
export async function accountCounts(db: Database) {
  const [agencyCount, userCount, profileCount, fileCount, mailCount, auditCount] = await Promise.all([
    db.$count(agencies),
    db.$count(users),
    db.$count(agencyProfiles),
    db.$count(storedFiles),
    db.$count(mailOutbox),
    db.$count(auditLog),
  ]);
  return { agencyCount, userCount, profileCount, fileCount, mailCount, auditCount };
}

export async function mailsTo(db: Database, email: string) {
  return listOutboxMail(db, email);
}

/** The token of the newest link in the newest mail to `email`. */
export async function linkToken(db: Database, email: string): Promise<string> {
  const [mail] = await mailsTo(db, email);
  const token = mail?.textBody.match(/\/reset-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`No link in the newest mail to ${email}`);
  return token;
}

export async function userByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return user;
}

