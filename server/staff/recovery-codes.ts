import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { staffRecoveryCodes } from '@/server/db/schema';

// Recovery codes stand in for the authenticator when it is lost: ten single-use codes shown once
// when the account is made (or the codes renewed), kept only as SHA-256 hashes.

const CODE_COUNT = 10;

/** `xxxxx-xxxxx` in lower-case base32 letters and digits: easy to type, 50 bits each. */
function newCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => alphabet[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z2-7]{5}-[a-z2-7]{5}$/.test(normalizeRecoveryCode(code));
}

/** Replaces the member's codes with new ones; returns them in clear, to be shown once. */
export async function renewRecoveryCodes(tx: Database | Transaction, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: CODE_COUNT }, newCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Uses up a code: true only for an unused code of this member (one conditional update). */
export async function consumeRecoveryCode(db: Database, staffId: string, code: string, now: Date = new Date()): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}
