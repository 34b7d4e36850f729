import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { principalColumns } from '@/server/auth/principal-columns';
import type { Database } from '@/server/db/connection';
import { preparedPerDatabase } from '@/server/db/prepared';
import { agencies, apiKeys, users } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { recordAudit } from '@/server/audit/audit';
import { sandboxEnabled } from '@/server/settings/deployment-mode';
import { dubaiToday } from '@/shared/availability/rules';
import { type ApiScope, memberCan } from '@/shared/auth/permissions';

// An agency's API keys (docs/api-access.md): made and revoked by its admin on /my-agencies, the
// secret shown once. A key is 32 random bytes behind a prefix that says what it is (`td_live_`, or
// `td_test_` while the sandbox gateway takes the payments, so a leaked key is recognisable and a
// test key is never mistaken for a live one). Only its SHA-256 is stored: the secret has 256 bits
// of entropy, so no slow hash is needed to resist guessing, and the check of every call stays one
// indexed lookup, as cheap as the session cookie's.

/** Who may manage keys: the agency's admin, the one who edits the company settings. */
export const API_KEY_PERMISSION = 'company:edit' as const;

const KEY_PATTERN = /^td_(live|test)_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer credential is an API key (else it may be a session's access token). */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith('td_live_') || credential.startsWith('td_test_');
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export type ApiKeyRow = {
  id: string;
  name: string;
  secretPrefix: string;
  scopes: ApiScope[];
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  state: 'active' | 'expired' | 'revoked';
};

/** The agency's keys, newest first, without their secrets (only a hash is kept). */
export async function listApiKeys(db: Database, principal: Principal, now = new Date()): Promise<ApiKeyRow[]> {
  if (!memberCan(principal, API_KEY_PERMISSION)) throw new Forbidden();
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      secretPrefix: apiKeys.secretPrefix,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      createdBy: users.name,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedAddress: apiKeys.lastUsedAddress,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.agencyId, principal.agencyId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    state: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
  }));
}

export type NewApiKey = { name: string; scopes: ApiScope[]; expiresInDays: number };

/**
 * Makes a key acting as the admin who makes it; the secret is answered here and never again. The
 * company's history records it (name, scopes, expiry — never the secret).
 */
export async function createApiKey(db: Database, principal: Principal, input: NewApiKey, now = new Date()): Promise<{ id: string; secret: string }> {
  if (!memberCan(principal, API_KEY_PERMISSION) || principal.via) throw new Forbidden();
  const secret = `td_${sandboxEnabled() ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000);
  const scopes = [...new Set(input.scopes)];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
    .values({
      agencyId: principal.agencyId,
      createdBy: principal.userId,
      name: input.name,
      secretHash: hashApiKey(secret),
      secretPrefix: secret.slice(0, 'td_live_'.length + 4),
      scopes,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: apiKeys.id });
    const id = row!.id;
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'apiKey',
      entityId: id,
      action: 'apiKey.create',
      changes: { name: { from: null, to: input.name }, scopes: { from: null, to: scopes.join(', ') }, expiresAt: { from: null, to: dubaiToday(expiresAt) } },
    });
    return { id, secret };
  });
}

/** Revokes one of the agency's keys at once: its next call answers 401. Another agency's key is not found. */
export async function revokeApiKey(db: Database, principal: Principal, keyId: string, now = new Date()): Promise<{ name: string }> {
  if (!memberCan(principal, API_KEY_PERMISSION) || principal.via) throw new Forbidden();
  return db.transaction(async (tx) => {
    // Only a key still live is revoked (and recorded); revoking it again changes nothing.
    const [row] = await tx
      .select({ name: apiKeys.name, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.agencyId, principal.agencyId)))
      .for('update');
    if (!row) throw new NotFound();
    if (row.revokedAt) return { name: row.name };
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId));
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'apiKey',
      entityId: keyId,
      action: 'apiKey.revoke',
      changes: { name: { from: row.name, to: null } },
    });
    return { name: row.name };
  });
}

// Every call made with a key asks it: the key by its hash's unique index, live, with its creator
// still an active admin of the agency, read as the principal query reads an agent.
const keyPrincipalQuery = preparedPerDatabase((db) =>
  db
    .select({
      apiKeyId: apiKeys.id,
      scopes: apiKeys.scopes,
      ...principalColumns,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedAddress: apiKeys.lastUsedAddress,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.agencyId, apiKeys.agencyId)))
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .where(
      and(
        eq(apiKeys.secretHash, sql.placeholder('secretHash')),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAt, sql.placeholder('now')),
        eq(users.status, 'active'),
        eq(users.role, 'admin'),
      ),
    )
    .limit(1)
    .prepare('api_key_principal'),
);

/** A live key: the principal it acts as, and its last use as stored. */
export type ApiKeyCaller = { principal: Principal & { via: NonNullable<Principal['via']> }; lastUsedAt: Date | null; lastUsedAddress: string | null };

/**
 * The principal a key acts as: its creator, with the key's scopes (`via`) narrowing every
 * permission check (`memberCan`). Null for a key that is unknown, revoked or expired, or whose
 * creator is no longer an active admin of the agency.
 */
export async function loadApiKey(db: Database, secret: string, now = new Date()): Promise<ApiKeyCaller | null> {
  if (!KEY_PATTERN.test(secret)) return null;
  const [row] = await keyPrincipalQuery(db).execute({ secretHash: hashApiKey(secret), now: now.toISOString() });
  if (!row) return null;
  const { apiKeyId, scopes, lastUsedAt, lastUsedAddress, ...agent } = row;
  return { principal: { ...agent, via: { apiKeyId, scopes } }, lastUsedAt, lastUsedAddress };
}

/** How stale a key's last use may get before a call writes it again (a write on every call would cost more than the check). */
export const LAST_USE_PRECISION_SECONDS = 60;

/** Notes a key's use (when and from where) when what is stored is older than the precision or from another address. */
export async function noteApiKeyUse(db: Database, caller: ApiKeyCaller, address: string, now = new Date()): Promise<void> {
  const fresh = caller.lastUsedAt && now.getTime() - caller.lastUsedAt.getTime() < LAST_USE_PRECISION_SECONDS * 1000;
  if (fresh && caller.lastUsedAddress === address) return;
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedAddress: address }).where(eq(apiKeys.id, caller.principal.via.apiKeyId));
}
