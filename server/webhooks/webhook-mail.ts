import 'server-only';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import en from '@/messages/webhooks/en.json';
import ru from '@/messages/webhooks/ru.json';
import type { Transaction } from '@/server/db/connection';
import { users } from '@/server/db/schema';
import type { Mailer } from '@/server/mail/mailer';

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/**
 * An endpoint the portal switched off after three days of failed deliveries: each active admin of
 * its agency is told, in their language, with the page where it is switched back on. Written in
 * the transaction that switched it off.
 */
export async function mailEndpointDisabled(tx: Transaction, endpoint: { agencyId: string; url: string }, mailer: Mailer): Promise<void> {
  const admins = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.agencyId, endpoint.agencyId), eq(users.role, 'admin'), eq(users.status, 'active')));
  const portal = new URL(process.env.AUTH_URL ?? 'http://localhost:3000').origin;
  for (const admin of admins) {
    const locale = toLocale(admin.locale);
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'webhooks.disabledMail' });
    await mailer.send(tx, {
      to: admin.email,
      subject: t('subject'),
      text: [t('greeting', { name: admin.name }), t('body', { url: endpoint.url }), t('link', { link: `${portal}${localizedPath(locale, '/my-agencies')}#webhooks` }), t('signature')].join('\n\n'),
      kind: 'webhookEndpointDisabled',
    });
  }
}
