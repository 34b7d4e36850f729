import 'server-only';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import en from '@/messages/ops-requests/en.json';
import ru from '@/messages/ops-requests/ru.json';
import type { Transaction } from '@/server/db/connection';
import { getMailer } from '@/server/mail/mailer';
import { formatMoney } from '@/server/shared/money/money';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

export type RequestMail =
  | { kind: 'requestConfirmed'; outcome: 'paymentRequired' | 'paidFromBalance'; netTotalMinor: number }
  | { kind: 'requestDeclined'; reason: string };

/**
 * Tells the agent who made the request what the operator decided, in the booking's language,
 * with a link to the booking (where "Pay now" takes over). Written in the decision's transaction.
 */
export async function sendRequestMail(
  tx: Transaction,
  booking: { reference: string; locale: string; agentName: string; agentEmail: string },
  mail: RequestMail,
  origin: string,
): Promise<void> {
  const locale = toLocale(booking.locale);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'opsRequests.mail' });
  const link = `${origin}${localizedPath(locale, `/my-bookings/${booking.reference}`)}`;
  const body =
    mail.kind === 'requestDeclined'
      ? t('declined.body', { reference: booking.reference, reason: mail.reason, link })
      : t(`confirmed.${mail.outcome}`, { reference: booking.reference, total: formatMoney(mail.netTotalMinor, 'AED', locale), link });
  const subject = mail.kind === 'requestDeclined' ? t('declined.subject', { reference: booking.reference }) : t('confirmed.subject', { reference: booking.reference });
  const text = [t('greeting', { name: booking.agentName }), body, t('signature')].join('\n\n');
  await getMailer().send(tx, { to: booking.agentEmail, subject, text, kind: mail.kind });
}
