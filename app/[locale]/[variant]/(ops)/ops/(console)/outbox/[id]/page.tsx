import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsForm } from '@/components/ops/ops-form';
import { OpsPage } from '@/components/ops/ops-page';
import { MailHtml, MailText } from '@/components/ops/outbox/mail-text';
import { mailKindLabel } from '@/components/ops/outbox/mail-kind';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resendMailAction } from '@/server/ops/outbox/outbox-actions';
import { loadOutboxMail } from '@/server/ops/outbox/outbox-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('opsOutbox');
  return { title: t('mailTitle'), robots: { index: false } };
}

/** One mail: its text (links clickable), its HTML in a sandboxed frame, and resend. */
export default async function OpsOutboxMailPage({ params }: { params: Promise<Awaited<SiteParams> & { id: string }> }) {
  const staff = await requireOpsPage('ops:outbox', '/ops/outbox');
  const [{ id }, { locale }, t] = await Promise.all([params, resolveSiteParams(params), getTranslations('opsOutbox')]);
  const mail = await loadOutboxMail(await getDb(), staff, id);
  if (!mail) notFound();
  return (
    <OpsPage
      title={mail.subject}
      description={t('meta', { recipient: mail.recipient, kind: mailKindLabel(t, mail.kind), when: dubaiDateTime(mail.createdAt, locale) })}
      actions={
        <NextLink href={localizedPath(locale, '/ops/outbox')} className="text-sm text-primary underline-offset-4 hover:underline">
          {t('back')}
        </NextLink>
      }
    >
      <OpsForm action={resendMailAction} submitLabel={t('resend')} pendingLabel={t('resending')} successMessage={t('resent')} submitVariant="outline">
        <input type="hidden" name="id" value={mail.id} />
      </OpsForm>
      <section aria-labelledby="mail-text" className="grid gap-2">
        <h2 id="mail-text" className="font-semibold">
          {t('text')}
        </h2>
        <MailText text={mail.textBody} />
      </section>
      {mail.htmlBody ? (
        <section aria-labelledby="mail-html" className="grid gap-2">
          <h2 id="mail-html" className="font-semibold">
            {t('html')}
          </h2>
          <MailHtml html={mail.htmlBody} title={t('html')} />
        </section>
      ) : null}
    </OpsPage>
  );
}
