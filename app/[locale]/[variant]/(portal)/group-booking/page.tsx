import { Download } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { type GroupBookingLabels, GroupBookingForm } from '@/components/group-booking/group-booking-form';
import { buttonVariants } from '@/components/ui/button';
import { requirePageAccess } from '@/server/auth/principal';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { GROUP_SHEET_MAX_BYTES, GROUP_SHEET_MAX_ROWS } from '@/shared/group-booking/sheet-rules';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'groupBooking.page' });
  return { title: t('metaTitle'), robots: { index: false } };
}

const LABEL_KEYS = [
  'uploadTitle',
  'check',
  'checking',
  'previewTitle',
  'summary',
  'netTotal',
  'net',
  'publishedTotal',
  'colRow',
  'colTour',
  'colDate',
  'colGuests',
  'colGuest',
  'colPrice',
  'colStatus',
  'colReference',
  'valid',
  'invalid',
  'guests',
  'book',
  'booking',
  'noValid',
  'resultsTitle',
  'resultsSummary',
  'download',
  'another',
  'fileMissing',
] as const;

/**
 * Group booking from a spreadsheet (docs/bookings.md#group-booking-from-a-spreadsheet): the
 * template, the upload with every row checked, "Book" for the valid rows and the result sheet.
 */
export default async function GroupBookingPage({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  await requirePageAccess('/group-booking');
  const t = await getTranslations('groupBooking');
  const mb = GROUP_SHEET_MAX_BYTES / 1024 / 1024;
  // Label templates keep their {placeholders}: the island fills them with the rows' counts.
  const raw = (key: string) => t.raw(`page.${key}` as never) as string;
  const labels = {
    ...(Object.fromEntries(LABEL_KEYS.map((key) => [key, raw(key)])) as Record<(typeof LABEL_KEYS)[number], string>),
    fileLabel: t('page.fileLabel', { mb, max: GROUP_SHEET_MAX_ROWS }),
    fileTooLarge: t('page.fileTooLarge', { mb }),
    outcomes: {
      booked: t('result.outcomes.booked'),
      alreadyBooked: t('result.outcomes.alreadyBooked'),
      failed: t('result.outcomes.failed'),
      skipped: t('result.outcomes.skipped'),
    },
  } satisfies GroupBookingLabels;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('page.lead', { max: GROUP_SHEET_MAX_ROWS })}</p>

      <section aria-labelledby="template-title" className="mt-6 rounded-xl border border-border p-4 sm:p-6">
        <h2 id="template-title" className="text-lg font-semibold">
          {t('page.templateTitle')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('page.templateHint')}</p>
        <a href={`/api/group-booking/template?locale=${locale}`} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          {t('page.templateLink')}
        </a>
      </section>

      <div className="mt-6">
        <GroupBookingForm labels={labels} locale={locale} />
      </div>
    </div>
  );
}
