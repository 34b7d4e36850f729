import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { mailOutbox } from '@/server/db/schema';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mails to an address, newest first (operator reading, e2e). */
export async function listOutboxMail(db: Database, recipient: string, limit = 20): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
