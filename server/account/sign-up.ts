import 'server-only';
import { randomBytes } from 'node:crypto';
import { changedFields, recordAudit } from '@/server/audit/audit';
import { hashPassword } from '@/server/auth/password';
import { hitWindowLimit } from '@/server/auth/rate-limits';
import type { Database, Transaction } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { agencies, agencyProfiles, users } from '@/server/db/schema';
import { RuleViolation, TooManyRequests } from '@/server/errors';
import { isTradeLicenceExpired } from '@/shared/agencies/company-schema';
import { dubaiToday } from '@/shared/availability/rules';
import type { FilePurpose } from '@/shared/files/file-purpose';
import { checkUpload } from '@/shared/files/file-rules';
import type { FileStorage } from '@/server/files/storage';
import { saveUpload } from '@/server/files/uploads';
import { addressBucket } from '@/server/http/client-address';
import { accountMailThrottled, type MailContext, sendAccountMail } from './account-mail';
import { type AccountRow, findAccountByEmail } from './account-queries';
import type { SignUpInput } from './account-schemas';
import { issueAccountToken } from './account-tokens';

export type SignUpOptions = MailContext & {
  /** The visitor's address (server/http/client-address.ts), for the per-client limit. */
  clientAddress: string;
  now?: Date;
  storage?: FileStorage;
};

/**
 * Sign-ups one client address may send: an agency registers once, a script thousands of times.
 * Room for a few colleagues behind one office address, and for the e2e suite's five.
 */
export const SIGN_UP_LIMIT = { perAddress: 10, windowSeconds: 60 * 60 } as const;

/**
 * Registers an agency (spec §3 "Sign-up form"): a pending agency with its profile and documents,
 * its admin waiting for e-mail verification, and the verification mail, in one transaction.
 *
 * A registered e-mail gets the same answer and nothing is created: its owner is mailed a notice
 * instead, so the form cannot be used to find out who has an account.
 */
export async function signUp(db: Database, input: SignUpInput, options: SignUpOptions): Promise<void> {
  // An agency registers with a licence in force: one past its expiry day (Dubai) is refused.
  if (isTradeLicenceExpired(input.tradeLicenceExpiry, dubaiToday(options.now ?? new Date()))) {
    throw new RuleViolation('account.errors.licenceExpired', {}, 'tradeLicenceExpiry');
  }
  // Checked before the e-mail is looked at, so bad files get the same answer for any address.
  await checkDocument(input.tradeLicence, 'tradeLicence');
  if (input.vatCertificate) await checkDocument(input.vatCertificate, 'vatCertificate');
  // Counted once the input is valid (a visitor fixing a file is not held back), before the work.
  await admitSignUp(db, options);
  // Hashed on both paths, so a registered address does not answer measurably faster. The admin
  // chooses a password through the verification link; until then this one opens nothing.
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    await db.transaction(async (tx) => {
      const existing = await findAccountByEmail(tx, input.email);
      if (existing) await noticeExistingAccount(tx, existing, options);
      else await createPendingAgency(tx, input, unusableHash, options);
    });
  } catch (error) {
    // A concurrent sign-up with the same address won the race: answer as for any registered one.
    if (uniqueViolation(error) === 'users_email_unique') return;
    throw error;
  }
}

async function admitSignUp(db: Database, options: SignUpOptions): Promise<void> {
  const decision = await hitWindowLimit(
    db,
    { key: `sign-up:address:${addressBucket(options.clientAddress)}`, limit: SIGN_UP_LIMIT.perAddress, windowSeconds: SIGN_UP_LIMIT.windowSeconds },
    options.now ?? new Date(),
  );
  if (!decision.allowed) throw new TooManyRequests(decision.retryAfterSeconds);
}

async function checkDocument(file: File, purpose: FilePurpose & keyof SignUpInput): Promise<void> {
  const check = checkUpload(new Uint8Array(await file.arrayBuffer()), purpose);
  if (!check.ok) throw new RuleViolation(check.code, check.values, purpose);
}

async function noticeExistingAccount(tx: Transaction, account: AccountRow, options: SignUpOptions): Promise<void> {
  if (account.status === 'deleted' || (await accountMailThrottled(tx, account.email))) return;
  await sendAccountMail(tx, account.email, { kind: 'alreadyRegistered', name: account.name }, options);
}

async function createPendingAgency(tx: Transaction, input: SignUpInput, passwordHash: string, options: SignUpOptions): Promise<void> {
  const [agency] = await tx
    .insert(agencies)
    .values({ name: input.companyName, status: 'pending', tradeLicenceExpiry: input.tradeLicenceExpiry })
    .returning({ id: agencies.id });
  const agencyId = agency!.id;
  const [admin] = await tx
    .insert(users)
    .values({ agencyId, email: input.email, name: input.name, phone: input.contactPhone, role: 'admin', status: 'emailNotVerified', passwordHash, locale: options.locale })
    .returning({ id: users.id });
  const adminId = admin!.id;

  const upload = (file: File, purpose: 'tradeLicence' | 'vatCertificate') =>
    saveUpload(tx, { agencyId, purpose, file, uploadedBy: adminId, field: purpose }, options.storage);
  const licence = await upload(input.tradeLicence, 'tradeLicence');
  const vat = input.vatCertificate ? await upload(input.vatCertificate, 'vatCertificate') : null;
  await tx.insert(agencyProfiles).values({
    agencyId,
    contactPhone: input.contactPhone,
    tradeLicenceFileId: licence.id,
    vatCertificateFileId: vat?.id ?? null,
  });

  await recordAudit(tx, {
    agencyId,
    actorUserId: null,
    entity: 'agency',
    entityId: agencyId,
    action: 'agency.create',
    changes: changedFields<Record<string, unknown>>(
      {},
      {
        name: input.companyName,
        status: 'pending',
        contactPhone: input.contactPhone,
        tradeLicenceExpiry: input.tradeLicenceExpiry,
        tradeLicenceFile: licence.originalName,
        vatCertificateFile: vat?.originalName,
      },
    ),
  });
  await recordAudit(tx, {
    agencyId,
    actorUserId: null,
    entity: 'user',
    entityId: adminId,
    action: 'user.create',
    changes: changedFields<Record<string, unknown>>({}, { email: input.email, name: input.name, phone: input.contactPhone, role: 'admin', status: 'emailNotVerified' }),
  });

  const token = await issueAccountToken(tx, adminId, 'verifyEmail', options.now);
  await sendAccountMail(tx, input.email, { kind: 'verifyEmail', name: input.name, company: input.companyName, token }, options);
}
