import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/locales';
import { loadGuestHandoffPanel } from '@/server/guest-handoff/handoff-panel';
import { GuestHandoffForm } from './guest-handoff-form';

/**
 * The booking page's "Send to guest" block (docs/bookings.md#guest-hand-off): the voucher and
 * tickets by mail in the guest's language and the agency's brand, the guest's public link and a
 * WhatsApp share link; or why the booking has nothing to send yet.
 */
export async function GuestHandoffPanel({ reference, locale }: { reference: string; locale: Locale }) {
  const data = await loadGuestHandoffPanel(reference, locale);
  if (!data) return null;
  const t = await getTranslations('guestHandoff.panel');
  return (
    <section aria-labelledby="guest-handoff-title" className="grid gap-3 rounded-xl border border-border p-4 xs:p-6" data-testid="guest-handoff">
      <h2 id="guest-handoff-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {data.refusal || !data.links ? (
        <p className="text-sm text-muted-foreground" data-testid="guest-handoff-unavailable">
          {t(`unavailable.${data.refusal ?? 'notConfirmed'}`)}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('lead')}</p>
          <GuestHandoffForm
            reference={data.reference}
            guestEmail={data.guestEmail}
            defaultLocale={data.defaultLocale}
            links={data.links}
            labels={{
              email: t('email'),
              language: t('language'),
              languages: { en: t('languages.en'), ru: t('languages.ru') },
              send: t('send'),
              sending: t('sending'),
              sent: t('sent', { email: '{email}' }),
              alreadySent: t('alreadySent', { email: '{email}' }),
              link: t('link'),
              linkHint: t('linkHint', { date: data.lastDay }),
              copy: t('copy'),
              copied: t('copied'),
              copyFailed: t('copyFailed'),
              whatsapp: t('whatsapp'),
            }}
          />
        </>
      )}
    </section>
  );
}
