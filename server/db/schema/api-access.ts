import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { ApiScope } from '@/shared/auth/permissions';
import { agencies, users } from './agencies';
import { createdAt } from './columns';

// The agencies' API (docs/api-access.md): the keys an agency's admin makes, and the answers kept
// for `Idempotency-Key` replays. Request counters live in `rate_limits` with the sign-in ones.

/**
 * An agency's API key. Only a SHA-256 of the secret is stored (the secret is 32 random bytes, so
 * a fast hash is enough: there is nothing to guess), with its first characters so the admin can
 * tell keys apart. A key acts as its creator while they are an active admin of the agency
 * (docs/decisions/api-key-principal.md).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole secret (`td_live_…`): the lookup of every call made with it. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters (`td_live_AbCd`), shown in the list. */
    secretPrefix: text('secret_prefix').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_agency_idx').on(t.agencyId)],
);

/**
 * The first answer to a mutation sent with an `Idempotency-Key`, per caller (an agent, or an
 * API key, of one agency). A row without `status` is a request still running: a second request
 * with the same key waits for nothing and is told so (409). Rows older than 24 hours no longer
 * answer and are replaced by the next request with their key.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the method, path, query and body: the same key with another request is a 422. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    /** The answer's bytes, base64. */
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
