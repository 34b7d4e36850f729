import { ChevronLeft, ChevronRight } from '@/components/icons/icons';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Locale } from '@/i18n/locales';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import { listHref } from './list-href';

/** The pages to link: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page += 1) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

type Props = { locale: Locale; path: string; query: BookingListQuery; total: number; /** The total is a lower bound. */ totalIsCapped?: boolean };

/** Page links (they work without JavaScript); the page size is chosen in the filter form. */
export async function Pagination({ locale, path, query, total, totalIsCapped = false }: Props) {
  const t = await getTranslations('bookingList.pagination');
  const last = Math.max(1, Math.ceil(total / query.onPage));
  const from = total === 0 ? 0 : (query.page - 1) * query.onPage + 1;
  const to = Math.min(total, query.page * query.onPage);
  const href = (page: number) => listHref(locale, path, { ...query, page });

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{t(totalIsCapped ? 'rangeAtLeast' : 'range', { from, to, total })}</p>
      {last > 1 ? (
        <nav aria-label={t('label')}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <PageLink href={query.page > 1 ? href(query.page - 1) : null} label={t('previous')}>
                <ChevronLeft aria-hidden />
              </PageLink>
            </li>
            {pageWindow(query.page, last).map((page, index) =>
              page === null ? (
                <li key={`gap-${index}`} aria-hidden className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={page}>
                  <Link
                    href={href(page)}
                    aria-label={t('page', { page })}
                    aria-current={page === query.page ? 'page' : undefined}
                    className={cn(buttonVariants({ variant: page === query.page ? 'default' : 'outline', size: 'sm' }), 'min-w-8 tabular-nums')}
                  >
                    {page}
                  </Link>
                </li>
              ),
            )}
            <li>
              <PageLink href={query.page < last ? href(query.page + 1) : null} label={t('next')}>
                <ChevronRight aria-hidden />
              </PageLink>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  const className = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2');
  if (!href) {
    return (
      <span aria-disabled="true" aria-label={label} role="link" className={cn(className, 'pointer-events-none opacity-50')}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} aria-label={label} className={className}>
      {children}
    </Link>
  );
}
