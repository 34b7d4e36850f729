import 'server-only';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath } from '@/i18n/locales';
import en from '@/messages/ops-requests/en.json';
import ru from '@/messages/ops-requests/ru.json';
import type { Database, Transaction } from '@/server/db/connection';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { bookingPagePath } from '@/shared/bookings/booking-links';
import { formatMoney } from '@/shared/money/money';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

export type RequestMail =
  | { kind: 'quoted'; netTotalMinor: number }
  | { kind: 'paymentRequired'; netTotalMinor: number }
  | { kind: 'confirmed'; netTotalMinor: number }
  | { kind: 'declined'; reason: string };

/** Tells the agent who made the request what the operator decided, in the booking's language. */
export async function sendRequestMail(
  tx: Database | Transaction,
  to: { email: string; name: string; locale: string },
  reference: string,
  mail: RequestMail,
  options: { origin?: string; mailer?: Mailer } = {},
): Promise<void> {
  const locale: Locale = to.locale === 'ru' ? 'ru' : 'en';
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'opsRequests.mail' });
  const origin = options.origin ?? new URL(process.env.AUTH_URL ?? 'http://localhost:3000').origin;
  // A booking waiting for payment is linked at its "Pay now".
  const link = `${origin}${localizedPath(locale, bookingPagePath(reference, { payNow: mail.kind === 'paymentRequired' }))}`;
  const body =
    mail.kind === 'declined'
      ? t('declined.body', { reference, reason: mail.reason, link })
      : t(`${mail.kind}.body`, { reference, amount: formatMoney(mail.netTotalMinor, 'AED', locale), link });
  const text = [t('greeting', { name: to.name }), body, t('signature')].join('\n\n');
  await (options.mailer ?? getMailer()).send(tx, { to: to.email, subject: t(`${mail.kind}.subject`, { reference }), text, kind: `request.${mail.kind}` });
}
