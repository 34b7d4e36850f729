import { date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { Locale } from '@/i18n/locales';
import { createdAt, updatedAt } from './columns';

// The agencies and their agents: accounts, sessions, sign-in throttling and e-mailed account links.

/** `rejected`: the operator refused the sign-up (with a reason); `suspended`: no agent may sign in. */
export const agencyStatus = pgEnum('agency_status', ['pending', 'active', 'suspended', 'rejected']);
export const userRole = pgEnum('user_role', ['junior', 'senior', 'admin']);
export const userStatus = pgEnum('user_status', ['active', 'emailNotVerified', 'deleted']);

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: agencyStatus('status').notNull().default('pending'),
  trn: text('trn'),
  tradeLicenceNumber: text('trade_licence_number'),
  tradeLicenceExpiry: date('trade_licence_expiry'),
  address: text('address'),
  /** Credit the agency may book on beyond its balance, in AED fils. */
  creditLimitMinor: integer('credit_limit_minor').notNull().default(0),
  /**
   * Running balance in AED fils: the `balance_after` of the agency's newest ledger entry. Changed
   * only together with a new ledger entry, under this row's lock (server/ledger).
   */
  balanceMinor: integer('balance_minor').notNull().default(0),
  /** Days after a monthly invoice is issued until it is due (spec §9: 30-day credit). */
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  /** Why the operator rejected the sign-up or suspended the agency; shown to the agency's admin. */
  statusReason: text('status_reason'),
  /** When the operator last approved, rejected, suspended or reactivated it. */
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** Stored lower-cased; sign-in compares lower-cased input. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    jobTitle: text('job_title'),
    role: userRole('role').notNull().default('junior'),
    status: userStatus('status').notNull().default('emailNotVerified'),
    passwordHash: text('password_hash').notNull(),
    /** The language the agent signed up or was invited in: mails the portal sends them unprompted use it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_agency_idx').on(t.agencyId)],
);

/**
 * One row per signed-in browser. The session cookie names its row; signing out deletes it, and a
 * password change, deletion, restore or role change deletes every row of the agent, so a copied
 * cookie dies with them. The principal is read through this row on every request.
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agent_sessions_user_idx').on(t.userId)],
);

/**
 * Counters for throttling (sign-in streaks per e-mail, failures and sign-ups per client address).
 * One row per key, updated with a single atomic upsert so concurrent attempts are counted.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** No attempt is let through before this moment. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const accountTokenPurpose = pgEnum('account_token_purpose', ['verifyEmail', 'resetPassword', 'invite']);

/**
 * Single-use, expiring links sent by e-mail. Only a SHA-256 of the token is stored, so a leaked
 * table gives nothing that opens an account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
