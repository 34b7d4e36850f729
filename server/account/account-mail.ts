import 'server-only';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath } from '@/i18n/locales';
import en from '@/messages/account/en.json';
import ru from '@/messages/account/ru.json';
import type { Database, Transaction } from '@/server/db/connection';
import { mailOutbox } from '@/server/db/schema';
import { getMailer, type Mailer } from '@/server/mail/mailer';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** Where and in which language the visitor asked: links in the mail lead back there. */
export type MailContext = { locale: Locale; origin: string; mailer?: Mailer };

export type AccountMail =
  | { kind: 'verifyEmail'; name: string; company: string; token: string }
  | { kind: 'verifyAgain'; name: string; token: string }
  | { kind: 'resetPassword'; name: string; token: string }
  | { kind: 'alreadyRegistered'; name: string };

/**
 * Mails a visitor may trigger for any address. At most this many go to one address an hour, so
 * the forms cannot be used to flood someone's inbox; the form's answer stays the same.
 */
export const ACCOUNT_MAIL_LIMIT = { perAddress: 3, windowMinutes: 60 } as const;
const THROTTLED_KINDS: AccountMail['kind'][] = ['verifyAgain', 'resetPassword', 'alreadyRegistered'];

export async function accountMailThrottled(tx: Database | Transaction, recipient: string): Promise<boolean> {
  const recent = await tx.$count(
    mailOutbox,
    and(
      eq(mailOutbox.recipient, recipient.toLowerCase()),
      inArray(mailOutbox.kind, THROTTLED_KINDS),
      gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${ACCOUNT_MAIL_LIMIT.windowMinutes})`),
    ),
  );
  return recent >= ACCOUNT_MAIL_LIMIT.perAddress;
}

/** Writes the mail in the caller's transaction (server/mail), in the visitor's language. */
export async function sendAccountMail(tx: Database | Transaction, to: string, mail: AccountMail, context: MailContext): Promise<void> {
  const t = createTranslator({ locale: context.locale, messages: MESSAGES[context.locale], namespace: 'account.mail' });
  const url = (path: string) => `${context.origin}${localizedPath(context.locale, path)}`;
  const tokenLink = (token: string) => `${url('/reset-password')}?token=${encodeURIComponent(token)}`;
  const content = (() => {
    switch (mail.kind) {
      case 'verifyEmail':
        return { subject: t('verifyEmail.subject'), body: t('verifyEmail.body', { company: mail.company, link: tokenLink(mail.token) }) };
      case 'verifyAgain':
        return { subject: t('verifyAgain.subject'), body: t('verifyAgain.body', { link: tokenLink(mail.token) }) };
      case 'resetPassword':
        return { subject: t('resetPassword.subject'), body: t('resetPassword.body', { link: tokenLink(mail.token) }) };
      case 'alreadyRegistered':
        return {
          subject: t('alreadyRegistered.subject'),
          body: t('alreadyRegistered.body', { signInLink: url('/sign-in'), forgotLink: url('/forgot-password') }),
        };
    }
  })();
  const text = [t('greeting', { name: mail.name }), content.body, t('ignore'), t('signature')].join('\n\n');
  await (context.mailer ?? getMailer()).send(tx, { to, subject: content.subject, text, kind: mail.kind });
}
