import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';

// Staff: the people who run the portal (DESIGN.md "Staff"); they belong to no agency.

export const staffRole = pgEnum('staff_role', ['operator', 'operator-admin']);
export const staffStatus = pgEnum('staff_status', ['active', 'disabled']);

export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; sign-in compares lower-cased input. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: staffRole('role').notNull().default('operator'),
    status: staffStatus('status').notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238, 30 s steps, 6 digits): the second factor every sign-in needs. */
    totpSecret: text('totp_secret').notNull(),
    /** The last time step a code was accepted for: a code is good once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
    /**
     * When the member chose their password and enrolled their own authenticator (through a
     * one-time link); until then the account cannot sign in, and its password and secret are
     * random placeholders nobody knows.
     */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_members_email_unique').on(t.email)],
);

/**
 * A one-time enrolment link (`/ops/enrol/<token>`): only a SHA-256 of the token is kept. Opening
 * it makes the member's own TOTP secret (kept here until a code from it is confirmed); completing
 * it sets their password and secret and uses the link up.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    totpSecret: text('totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_enrolments_token_unique').on(t.tokenHash), index('staff_enrolments_staff_idx').on(t.staffId)],
);

/** Single-use codes that stand in for the authenticator; only a SHA-256 of each is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

/** A signed-in staff browser, as `agent_sessions` is for agents: deleting the row ends it. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);
