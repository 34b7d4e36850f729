import { ArrowDown, ArrowUp, ArrowUpDown } from '@/components/icons/icons';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Price } from '@/components/catalog/price';
import { PayNowForm, type PayNowLabels, type PayNowOption } from '@/components/pay/pay-now-form';
import { cn } from '@/components/ui/cn';
import { formatDisplayDate } from '@/i18n/dates';
import { type Locale, localizedPath } from '@/i18n/locales';
import { dubaiToday } from '@/shared/availability/rules';
import type { BookingListRow } from '@/server/bookings/list-queries';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import { listHref } from './list-href';
import { StatusBadge } from './status-badge';

type SortKey = BookingListQuery['sort'];

type Props = {
  locale: Locale;
  path: string;
  query: BookingListQuery;
  rows: BookingListRow[];
  showAgent: boolean;
  showNet: boolean;
  caption: string;
  /** The Pay now form's methods and labels, when a row needs payment. */
  payNow?: { options: readonly PayNowOption[]; labels: PayNowLabels } | null;
};

/**
 * The bookings of one page. Sortable headers are links (they work without JavaScript); below
 * 768 px each row becomes a card whose cells carry their column's name.
 */
export async function BookingTable({ locale, path, query, rows, showAgent, showNet, caption, payNow }: Props) {
  const t = await getTranslations('bookingList');
  const tb = await getTranslations('booking');
  const ts = await getTranslations('supplierBooking');

  const sortHeader = (key: SortKey, className?: string) => {
    const active = query.sort === key;
    const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
    const Icon = !active ? ArrowUpDown : query.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th scope="col" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined} className={cn(HEADER, className)}>
        <Link href={listHref(locale, path, { ...query, sort: key, dir: nextDir, page: 1 })} className="inline-flex items-center gap-1 hover:text-foreground">
          {t(`columns.${key}`)}
          <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-40')} />
        </Link>
      </th>
    );
  };

  const columns = {
    createdAt: t('columns.createdAt'),
    tour: t('columns.tour'),
    tourDate: t('columns.tourDate'),
    guestName: t('columns.guestName'),
    agent: t('columns.agent'),
    guests: t('columns.guests'),
    status: t('columns.status'),
    publishedTotal: t('columns.publishedTotal'),
    netTotal: t('columns.netTotal'),
  };

  return (
    <table className="w-full border-collapse text-sm max-md:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-border text-left">
          {sortHeader('reference')}
          {sortHeader('createdAt')}
          <th scope="col" className={HEADER}>
            {columns.tour}
          </th>
          {sortHeader('tourDate')}
          {sortHeader('guestName')}
          {showAgent ? (
            <th scope="col" className={HEADER}>
              {columns.agent}
            </th>
          ) : null}
          <th scope="col" className={cn(HEADER, 'text-right')}>
            {columns.guests}
          </th>
          <th scope="col" className={HEADER}>
            {columns.status}
          </th>
          {sortHeader('publishedTotal', 'text-right')}
          {showNet ? (
            <th scope="col" className={cn(HEADER, 'text-right')}>
              {columns.netTotal}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-3">
        {rows.map((row) => (
          <tr
            key={row.reference}
            data-testid="booking-row"
            className="border-b border-border align-top hover:bg-muted/50 max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2 max-md:rounded-xl max-md:border max-md:p-4"
          >
            <Cell label={null} className="max-md:col-span-2">
              <Link href={localizedPath(locale, `/my-bookings/${row.reference}`)} className="font-mono font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
                {row.reference}
              </Link>
              {row.widgetName === null ? null : (
                <span className="mt-1 flex w-fit max-w-48 rounded-full border border-primary/30 bg-primary/5 px-2 py-0.5 text-xs text-primary" title={row.widgetName} data-testid="widget-badge">
                  <span className="truncate">{t('widgetBadge', { name: row.widgetName })}</span>
                </span>
              )}
              {row.supplier?.reference ? (
                <span className="mt-1 block font-mono text-xs break-all text-muted-foreground" data-testid="supplier-reference">
                  {ts('listReference', { reference: row.supplier.reference })}
                </span>
              ) : null}
            </Cell>
            <Cell label={columns.createdAt}>{formatDisplayDate(calendarDay(dubaiToday(row.createdAt)), locale)}</Cell>
            <Cell label={columns.tour} className="max-md:col-span-2 max-md:order-first md:min-w-48">
              <span className="font-medium">{row.tourTitle[locale]}</span>
              <span className="block text-xs text-muted-foreground">{row.offerName[locale]}</span>
            </Cell>
            <Cell label={columns.tourDate}>
              <span className="whitespace-nowrap">{formatDisplayDate(calendarDay(row.tourDate), locale)}</span>
              {row.startTime ? <span className="block text-xs text-muted-foreground">{row.startTime}</span> : null}
            </Cell>
            <Cell label={columns.guestName}>{row.guestName}</Cell>
            {showAgent ? <Cell label={columns.agent}>{row.agentName}</Cell> : null}
            <Cell label={columns.guests} className="md:text-right tabular-nums">
              {row.adults + row.children + row.infants}
            </Cell>
            <Cell label={columns.status}>
              <StatusBadge status={row.status} label={tb(`status.${row.status}`)} />
              {/* Only when it needs a look: a confirmed supplier booking says no more than its status. */}
              {row.supplier?.status && row.supplier.status !== 'confirmed' ? (
                <span className="mt-1 block text-xs text-muted-foreground" data-testid="supplier-status">
                  {ts(`status.${row.supplier.status}`)}
                </span>
              ) : null}
              {payNow && (row.status === 'payment_required' || row.status === 'payment_failed') ? (
                <div className="mt-2">
                  <PayNowForm reference={row.reference} options={payNow.options} labels={payNow.labels} compact idPrefix="row" />
                </div>
              ) : null}
            </Cell>
            <Cell label={columns.publishedTotal} className="md:text-right">
              <Price fils={row.publishedTotalMinor} className="font-medium whitespace-nowrap tabular-nums" />
            </Cell>
            {showNet ? (
              <Cell label={columns.netTotal} className="md:text-right">
                {row.netTotalMinor === null ? null : <Price fils={row.netTotalMinor} className="whitespace-nowrap tabular-nums" />}
              </Cell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const HEADER = 'px-3 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase whitespace-nowrap';

/** A cell; on phones it shows its column's name above the value (the header row is hidden there). */
function Cell({ label, className, children }: { label: string | null; className?: string; children: ReactNode }) {
  return (
    <td className={cn('px-3 py-3 max-md:p-0', className)}>
      {label ? (
        <span aria-hidden className="block text-xs text-muted-foreground md:hidden">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}

/** A `yyyy-MM-dd` day as a local calendar date, so formatting never shifts it by a time zone. */
function calendarDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}
