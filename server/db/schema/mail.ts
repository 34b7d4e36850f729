import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';

/**
 * Mail the outbox adapter keeps instead of sending (no SMTP configured); an operator reads it.
 * With SMTP configured, mail is sent and `sent_at` recorded.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is for, e.g. `verifyEmail`, `resetPassword`, `invite`. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_recipient_created_idx').on(t.recipient, t.createdAt), index('mail_outbox_created_idx').on(t.createdAt)],
);
