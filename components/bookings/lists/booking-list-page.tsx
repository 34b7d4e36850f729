import { CalendarX2, Download, SearchX } from '@/components/icons/icons';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { can } from '@/shared/auth/permissions';
import type { BookingListData } from '@/server/checkout/booking-list-data';
import type { BookingListPage as BookingRowsPage, BookingListScope } from '@/server/bookings/list-queries';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { BookingFilters } from './booking-filters';
import { BookingTable } from './booking-table';
import { exportHref, listHref } from './list-href';
import { GroupBookingLink } from '@/components/group-booking/group-booking-link';
import { Pagination } from './pagination';
import { seesNetRates } from '@/server/auth/customer-view';

export type BookingListSearchParams = Promise<Record<string, string | string[] | undefined>>;

const LISTS = {
  all: { path: '/bookings', pageKey: 'bookings' },
  own: { path: '/my-bookings', pageKey: 'myBookings' },
  requests: { path: '/requests', pageKey: 'requests' },
} as const satisfies Record<BookingListScope, { path: string; pageKey: string }>;

/** The `generateMetadata` of a list page: its title from `portal.pages`, never indexed. */
export function bookingListMetadata(scope: BookingListScope) {
  return async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
    const { locale } = await resolveSiteParams(params);
    const t = await getTranslations({ locale, namespace: 'portal.pages' });
    return { title: t(`${LISTS[scope].pageKey}.title`), robots: { index: false } };
  };
}

const FILTER_KEYS = ['reference', 'guest', 'bookedFrom', 'bookedTo', 'travelFrom', 'travelTo', 'status', 'agent', 'tour'] as const satisfies readonly (keyof BookingListQuery)[];

type Props = { locale: Locale; principal: Principal; scope: BookingListScope; query: BookingListQuery };

/** All bookings, my bookings and requests: one page, its rows loaded by the page (`loadBookingListData`). */
export async function BookingListPage({ locale, principal, scope, query, data }: Props & { data: BookingListData }) {
  const { path, pageKey } = LISTS[scope];
  const { invertedRanges, list, tours, agents, payNow } = data;
  const [t, tp] = await Promise.all([getTranslations('bookingList'), getTranslations('portal.pages')]);
  const action = localizedPath(locale, path);
  const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
  const title = tp(`${pageKey}.title`);

  return (
    // The header's and footer's width (max-w-6xl), so the page lines up with them.
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10" data-testid="list-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="mt-1 text-muted-foreground">{t(`lead.${scope}`)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <GroupBookingLink locale={locale} principal={principal} />
          <a href={exportHref(scope, query)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden />
            {t('download')}
          </a>
        </div>
      </div>

      <div className="mt-6">
        <BookingFilters locale={locale} action={action} query={query} agents={agents} tours={tours} invertedRanges={invertedRanges} />
      </div>

      {list ? null : <InvertedRangeNotice text={t('empty.invertedRange')} target={invertedRanges[0] === 'booked' ? 'filter-booked' : 'filter-travel'} linkText={t('empty.fixRange')} />}

      {list ? (
        <BookingListResults locale={locale} principal={principal} scope={scope} query={query} list={list} payNow={payNow} path={path} action={action} title={title} filtered={filtered} />
      ) : null}
    </div>
  );
}

/** A notice in place of the list while a date range is inverted, linking to the range's fields. */
function InvertedRangeNotice({ text, target, linkText }: { text: string; target: string; linkText: string }) {
  return (
    <div role="alert" className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/50 bg-destructive/5 p-10 text-center" data-testid="inverted-range">
      <CalendarX2 aria-hidden className="size-8 text-destructive" />
      <p className="font-medium">{text}</p>
      <a href={`#${target}`} className={buttonVariants({ variant: 'outline' })}>
        {linkText}
      </a>
    </div>
  );
}

async function BookingListResults({
  locale,
  principal,
  scope,
  query,
  list,
  payNow,
  path,
  action,
  title,
  filtered,
}: Props & { list: BookingRowsPage; payNow: BookingListData['payNow']; path: string; action: string; title: string; filtered: boolean }) {
  const t = await getTranslations('bookingList');
  return (
    <>
      <p className="mt-6 font-medium" data-testid="booking-count">
        {list.totalIsCapped ? t('countAtLeast', { count: list.total }) : t('count', { count: list.total })}
      </p>

      {list.rows.length > 0 ? (
        <div className="mt-3 md:overflow-x-auto md:rounded-xl md:border md:border-border">
          <BookingTable
            locale={locale}
            path={path}
            query={query}
            rows={list.rows}
            caption={title}
            showAgent={scope !== 'own' && can(principal.role, 'bookings:viewAll')}
            showNet={seesNetRates(principal)}
            payNow={payNow}
          />
        </div>
      ) : (
        <div className="mt-3 flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-muted p-10 text-center">
          <SearchX aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('empty.title')}</p>
          <p className="text-sm text-muted-foreground">
            {list.total > 0 ? t('empty.pastLastPage') : filtered ? t('empty.filtered') : t(`empty.none.${scope}`)}
          </p>
          {list.total > 0 ? (
            <Link href={listHref(locale, path, { ...query, page: 1 })} className={buttonVariants({ variant: 'outline' })}>
              {t('empty.firstPage')}
            </Link>
          ) : filtered ? (
            <Link href={action} className={buttonVariants({ variant: 'outline' })}>
              {t('empty.clear')}
            </Link>
          ) : null}
        </div>
      )}

      {list.total > 0 ? <Pagination locale={locale} path={path} query={query} total={list.total} totalIsCapped={list.totalIsCapped} /> : null}
    </>
  );
}
