import 'server-only';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath } from '@/i18n/locales';
import en from '@/messages/ops-agencies/en.json';
import ru from '@/messages/ops-agencies/ru.json';
import type { Transaction } from '@/server/db/connection';
import { getMailer, type Mailer } from '@/server/mail/mailer';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

export type AgencyDecisionMail =
  | { kind: 'agencyApproved'; name: string; company: string }
  | { kind: 'agencyRejected'; name: string; company: string; reason: string };

/** The operator's decision on a sign-up, to the agency's admin in their language, in the caller's transaction. */
export async function sendAgencyDecisionMail(
  tx: Transaction,
  to: string,
  mail: AgencyDecisionMail,
  context: { origin: string; locale: Locale; mailer?: Mailer },
): Promise<void> {
  const { locale } = context;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'opsAgencies.mail' });
  const signIn = `${context.origin}${localizedPath(locale, '/sign-in')}`;
  const content =
    mail.kind === 'agencyApproved'
      ? { subject: t('approved.subject', { company: mail.company }), body: t('approved.body', { company: mail.company, link: signIn }) }
      : { subject: t('rejected.subject', { company: mail.company }), body: t('rejected.body', { company: mail.company, reason: mail.reason }) };
  const text = [t('greeting', { name: mail.name }), content.body, t('signature')].join('\n\n');
  await (context.mailer ?? getMailer()).send(tx, { to, subject: content.subject, text, kind: mail.kind });
}
