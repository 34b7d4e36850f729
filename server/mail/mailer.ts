import 'server-only';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database, Transaction } from '@/server/db/connection';
import { mailOutbox } from '@/server/db/schema';
import { showsDemoLabel } from '@/server/settings/deployment-mode';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (`verifyEmail`, `resetPassword`, `invite`…), for the outbox reader. */
  kind: string;
  /**
   * Who the mail is from when not the portal: an agency writing to its widget's guest. Its name is
   * the sender's, on our address (only ours may send), and answers go to its own address.
   */
  sender?: { name: string; replyTo: string };
};

/**
 * Outgoing mail (DESIGN.md "External services"). Every message is written to the outbox in the
 * caller's transaction, so a rolled-back change sends nothing. With SMTP configured (`SMTP_URL`)
 * it is also delivered, after the write, and marked sent; without it the outbox is where an
 * operator reads it.
 */
export interface Mailer {
  send(tx: Database | Transaction, message: MailMessage): Promise<void>;
}

/**
 * In the demo (or staging with the sandbox) every mail says so at its end, in both languages (a
 * mail's language is its sender's business): nobody should take a demo booking for a real one.
 */
const DEMO_LINE = `${en.demo.label} · ${ru.demo.label}`;

export function withDemoLabel(message: MailMessage, labelled = showsDemoLabel()): MailMessage {
  if (!labelled || message.text.endsWith(DEMO_LINE)) return message;
  return {
    ...message,
    text: `${message.text}\n\n— ${DEMO_LINE}`,
    ...(message.html === undefined ? {} : { html: `${message.html}<p style="color:#92400e"><strong>${DEMO_LINE}</strong></p>` }),
  };
}

export class OutboxMailer implements Mailer {
  async send(tx: Database | Transaction, message: MailMessage): Promise<void> {
    await tx.insert(mailOutbox).values(outboxRow(withDemoLabel(message), null));
  }
}

export class SmtpMailer implements Mailer {
  constructor(
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly from: string,
  ) {}

  async send(tx: Database | Transaction, original: MailMessage): Promise<void> {
    const message = withDemoLabel(original);
    // Delivery failure fails the caller's change: a reset link the user never receives is worse
    // than a clear "try again".
    const from = message.sender ? { name: message.sender.name, address: /<([^>]+)>/.exec(this.from)?.[1] ?? this.from } : this.from;
    const replyTo = message.sender?.replyTo || undefined;
    await this.transport.sendMail({ from, replyTo, to: message.to, subject: message.subject, text: message.text, html: message.html });
    await tx.insert(mailOutbox).values(outboxRow(message, new Date()));
  }
}

function outboxRow(message: MailMessage, sentAt: Date | null): typeof mailOutbox.$inferInsert {
  return {
    recipient: message.to.toLowerCase(),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    kind: message.kind,
    sentAt,
  };
}

export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer {
  if (env.SMTP_URL) return new SmtpMailer(createTransport(env.SMTP_URL), env.MAIL_FROM ?? 'Traveldesk B2B <no-reply@traveldesk.test>');
  return new OutboxMailer();
}

const globalForMail = globalThis as typeof globalThis & { traveldeskMailer?: Mailer };

export function getMailer(): Mailer {
  globalForMail.traveldeskMailer ??= mailerFromEnv();
  return globalForMail.traveldeskMailer;
}
