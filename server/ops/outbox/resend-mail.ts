import 'server-only';
import { eq } from 'drizzle-orm';
import { recordStaffAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { mailOutbox } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

/**
 * Sends a mail again, as it was, through the mailer: a new outbox row (the original stays as the
 * record of what was sent when), delivered too where SMTP is configured. Audited against the original.
 */
export async function resendOutboxMail(db: Database, staff: StaffPrincipal, id: string, mailer: Mailer = getMailer()): Promise<{ resentAt: string }> {
  return db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!mail) throw new NotFound();
    const resentAt = new Date().toISOString();
    await mailer.send(tx, { to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined, kind: mail.kind });
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      entity: 'mail',
      entityId: mail.id,
      action: 'mail.resend',
      changes: { recipient: { from: null, to: mail.recipient }, subject: { from: null, to: mail.subject } },
    });
    return { resentAt };
  });
}
