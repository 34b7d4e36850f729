import { CalendarX2, Download, SearchX } from '@/components/icons/icons';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { type ActiveFilter, dateRangeFilters, FilterChips } from '@/components/bookings/lists/filter-chips';
import { DateRange, Field } from '@/components/bookings/lists/filter-fields';
import { FilterForm } from '@/components/bookings/lists/filter-form';
import { Pagination } from '@/components/bookings/lists/pagination';
import { Price } from '@/components/catalog/price';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatDisplayDate } from '@/i18n/dates';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { CommissionListData } from '@/server/commissions/list-data';
import type { CommissionPage } from '@/server/commissions/queries';
import { type BookingListQuery, bookingListSearch } from '@/shared/bookings/list-schema';
import { WidgetSales } from './widget-sales';

const PATH = '/my-commissions';
const CELL = 'px-3 py-2 align-top';

/** Spec §2 "Commissions list": the agency's commission rows with totals, filters and an xlsx download. */
export async function CommissionListPage({ locale, query, data }: { locale: Locale; query: BookingListQuery; data: CommissionListData }) {
  const { inverted, list, widgetMargins } = data;
  const [t, tl] = await Promise.all([getTranslations('commissions'), getTranslations('bookingList')]);
  const text = (label: string, value: string | undefined, key: keyof BookingListQuery): ActiveFilter[] =>
    value === undefined ? [] : [{ label, value, keys: [key] }];
  const active: ActiveFilter[] = [
    ...text(tl('filters.reference'), query.reference, 'reference'),
    ...text(tl('filters.guest'), query.guest, 'guest'),
    ...(await dateRangeFilters(locale, query, [{ name: 'travel', label: tl('filters.travelDate') }])),
  ];
  const action = localizedPath(locale, PATH);
  const exportSearch = bookingListSearch({ reference: query.reference, guest: query.guest, travelFrom: query.travelFrom, travelTo: query.travelTo });

  return (
    // The header's and footer's width (max-w-6xl), so the page lines up with them.
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10" data-testid="list-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('lead')}</p>
        </div>
        <a href={`/api/commissions/export${exportSearch.size > 0 ? `?${exportSearch}` : ''}`} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          {tl('download')}
        </a>
      </div>

      <div className="mt-6">
        <FilterForm
          action={action}
          label={tl('filters.title')}
          toggle={{ label: tl('filters.title'), activeCount: active.length }}
          chips={<FilterChips action={action} query={query} filters={active} />}
          defaultOpen={inverted}
        >
          {/* Keyed by the query: after a client navigation (a removed chip, paging) the fields show the new
              filters, not what the uncontrolled inputs held before. */}
          <div key={bookingListSearch(query).toString()} className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            <Field id="filter-reference" label={tl('filters.reference')}>
              <Input id="filter-reference" name="reference" defaultValue={query.reference ?? ''} maxLength={20} autoComplete="off" />
            </Field>
            <Field id="filter-guest" label={tl('filters.guest')}>
              <Input id="filter-guest" name="guest" defaultValue={query.guest ?? ''} maxLength={100} autoComplete="off" />
            </Field>
            <DateRange
              id="filter-travel"
              legend={tl('filters.travelDate')}
              from={['travelFrom', query.travelFrom]}
              to={['travelTo', query.travelTo]}
              labels={{ from: tl('filters.from'), to: tl('filters.to') }}
              error={inverted ? tl('filters.invertedRange') : undefined}
            />
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit">{tl('filters.apply')}</Button>
            <a href={action} className={buttonVariants({ variant: 'ghost' })}>
              {tl('filters.clear')}
            </a>
          </div>
        </FilterForm>
      </div>

      {list === null ? (
        <div role="alert" className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/50 bg-destructive/5 p-10 text-center" data-testid="inverted-range">
          <CalendarX2 aria-hidden className="size-8 text-destructive" />
          <p className="font-medium">{tl('empty.invertedRange')}</p>
          <a href="#filter-travel" className={buttonVariants({ variant: 'outline' })}>
            {tl('empty.fixRange')}
          </a>
        </div>
      ) : (
        <CommissionResults locale={locale} query={query} list={list} />
      )}

      <WidgetSales locale={locale} report={widgetMargins} />
    </div>
  );
}

async function CommissionResults({ locale, query, list }: { locale: Locale; query: BookingListQuery; list: CommissionPage }) {
  const t = await getTranslations('commissions');
  const day = (date: string) => formatDisplayDate(new Date(`${date}T00:00:00`), locale);
  return (
    <>
      <dl className="mt-6 grid gap-3 xs:grid-cols-3">
        <Total label={t('count')} value={String(list.total)} />
        <Total label={t('totalSales')} value={<Price fils={list.totals.salesMinor} />} />
        <Total label={t('receivable')} value={<Price fils={list.totals.receivableMinor} />} testId="commission-receivable-total" />
      </dl>

      {list.rows.length > 0 ? (
        <div className="mt-4 overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[720px] text-sm">
            <caption className="sr-only">{t('title')}</caption>
            <thead className="bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className={CELL}>{t('columns.reference')}</th>
                <th scope="col" className={CELL}>{t('columns.date')}</th>
                <th scope="col" className={CELL}>{t('columns.tour')}</th>
                <th scope="col" className={CELL}>{t('columns.guest')}</th>
                <th scope="col" className={`${CELL} text-right`}>{t('columns.totalSales')}</th>
                <th scope="col" className={`${CELL} text-right`}>{t('columns.receivable')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {list.rows.map((row) => (
                <tr key={row.reference}>
                  <td className={CELL}>
                    <Link href={localizedPath(locale, `/my-bookings/${row.reference}`)} className="font-mono text-primary hover:underline">
                      {row.reference}
                    </Link>
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{day(row.tourDate)}</td>
                  <td className={CELL}>
                    {row.tourTitle[locale]}
                    <span className="block text-xs text-muted-foreground">{row.offerName[locale]}</span>
                  </td>
                  <td className={CELL}>{row.guestName}</td>
                  <td className={`${CELL} text-right tabular-nums`}>
                    <Price fils={row.totalSalesMinor} />
                  </td>
                  <td className={`${CELL} text-right font-medium tabular-nums`}>
                    <Price fils={row.agencyReceivableMinor} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-muted p-10 text-center">
          <SearchX aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('empty')}</p>
        </div>
      )}

      {list.total > 0 ? <Pagination locale={locale} path={PATH} query={query} total={list.total} /> : null}
    </>
  );
}

function Total({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
