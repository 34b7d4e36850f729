import { date, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

import { agencies } from './agencies';

// The agent dashboard's daily cancellation-deadline digest (docs/dashboard.md).

/**
 * One row per agency and Dubai day whose digest was written to the outbox: the row is inserted in
 * the transaction that writes the mails, so a job run twice (a retry, a second process) finds it
 * and sends nothing again.
 */
export const cancellationDigests = pgTable(
  'cancellation_digests',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The Asia/Dubai day the digest is for. */
    day: date('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.day] })],
);
