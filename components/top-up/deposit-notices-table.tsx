import { getTranslations } from 'next-intl/server';
import { formatAmount, formatDay } from '@/components/balance/format';
import { cn } from '@/components/ui/cn';
import type { Locale } from '@/i18n/locales';
import { dubaiToday } from '@/shared/availability/rules';
import type { DepositNoticeRow } from '@/server/top-up/deposit-queries';

const STATUS_STYLES: Record<DepositNoticeRow['status'], string> = {
  pending: 'border-amber-500/40 bg-amber-50 text-amber-800',
  credited: 'border-success/40 bg-success/10 text-success',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/** The agency's deposit notices: a table on wide screens, one card per notice on phones. */
export async function DepositNoticesTable({ notices, locale }: { notices: DepositNoticeRow[]; locale: Locale }) {
  const t = await getTranslations('deposits.notices');
  if (notices.length === 0) return <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t('empty')}</p>;
  const status = (row: DepositNoticeRow) => (
    <>
      <span className={cn('inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_STYLES[row.status])}>
        {t(`status.${row.status}`)}
      </span>
      {row.status === 'rejected' && row.rejectionReason ? (
        <span className="mt-1 block text-xs break-words text-muted-foreground" data-testid="deposit-rejection-reason">
          {row.rejectionReason}
        </span>
      ) : null}
    </>
  );
  const slip = (row: DepositNoticeRow) => (
    <a href={`/api/files/${row.slip.id}`} download className="text-primary underline-offset-4 hover:underline">
      {t('slip')}
      <span className="sr-only"> {row.bankReference}</span>
    </a>
  );
  return (
    <>
      <table className="mt-4 hidden w-full text-sm md:table">
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">{t('sentOn')}</th>
            <th className="py-2 pr-4 font-medium">{t('transferDate')}</th>
            <th className="py-2 pr-4 font-medium">{t('reference')}</th>
            <th className="py-2 pr-4 text-right font-medium">{t('amount')}</th>
            <th className="py-2 pr-4 font-medium">{t('sentBy')}</th>
            <th className="py-2 pr-4 font-medium">{t('statusTitle')}</th>
            <th className="py-2 font-medium">
              <span className="sr-only">{t('slip')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {notices.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDay(dubaiToday(row.createdAt), locale)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDay(row.transferDate, locale)}</td>
              <td className="py-2 pr-4">{row.bankReference}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatAmount(row.amountMinor, locale)}</td>
              <td className="py-2 pr-4">{row.submittedBy}</td>
              <td className="py-2 pr-4">{status(row)}</td>
              <td className="py-2">{slip(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 grid gap-3 md:hidden">
        {notices.map((row) => (
          <li key={row.id} className="rounded-xl border border-border p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold tabular-nums">AED {formatAmount(row.amountMinor, locale)}</p>
              {status(row)}
            </div>
            <p className="mt-1 break-words">{row.bankReference}</p>
            <p className="mt-1 text-muted-foreground">
              {t('transferOn', { date: formatDay(row.transferDate, locale) })} · {row.submittedBy}
            </p>
            <p className="mt-2">{slip(row)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
