import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';

/**
 * Background jobs on the embedded database (server/jobs/embedded-queue); PostgreSQL uses pg-boss's
 * own tables instead. A row is deleted when its job succeeds.
 */
export const embeddedJobs = pgTable(
  'embedded_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    /** At most one waiting job per key (e.g. one hold expiry per booking). */
    singletonKey: text('singleton_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** Set when the job used all its attempts: kept for the operator, never run again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('embedded_jobs_singleton_unique').on(t.name, t.singletonKey),
    index('embedded_jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} IS NULL`),
  ],
);
