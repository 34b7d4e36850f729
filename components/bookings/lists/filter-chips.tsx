import { X } from '@/components/icons/icons';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { type BookingListQuery, bookingListSearch, DATE_RANGES, type DateRangeName } from '@/shared/bookings/list-schema';

/** One active filter: what it says, and the query keys its removal clears. */
export type ActiveFilter = { label: string; value: string; keys: readonly (keyof BookingListQuery)[] };

/** The active date ranges as filters, each range one chip ("Travel date: 01 Dec, 26 – 05 Dec, 26"). */
export async function dateRangeFilters(
  locale: Locale,
  query: BookingListQuery,
  ranges: { name: DateRangeName; label: string }[],
): Promise<ActiveFilter[]> {
  const t = await getTranslations('bookingList.filters');
  const day = (date: string) => formatDisplayDate(new Date(`${date}T00:00:00`), locale);
  return ranges.flatMap(({ name, label }) => {
    const keys = DATE_RANGES[name];
    const [from, to] = [query[keys[0]], query[keys[1]]] as (string | undefined)[];
    if (from === undefined && to === undefined) return [];
    const value =
      from !== undefined && to !== undefined
        ? t('chipRange', { from: day(from), to: day(to) })
        : from !== undefined
          ? t('chipFrom', { date: day(from) })
          : t('chipTo', { date: day(to as string) });
    return [{ label, value, keys }];
  });
}

/**
 * The active filters as chips for phones, each a link to the same list without it (so removing
 * one works before hydration too). Paging restarts, as after any change of filters.
 */
export async function FilterChips({ action, query, filters }: { action: string; query: BookingListQuery; filters: ActiveFilter[] }) {
  if (filters.length === 0) return null;
  const t = await getTranslations('bookingList.filters');
  return (
    <ul aria-label={t('active')} className="flex flex-wrap gap-2" data-testid="filter-chips">
      {filters.map((filter) => {
        const search = bookingListSearch({ ...query, ...Object.fromEntries(filter.keys.map((key) => [key, undefined])), page: 1 }).toString();
        const text = `${filter.label}: ${filter.value}`;
        return (
          <li key={filter.keys.join()} className="min-w-0">
            <Link
              href={search ? `${action}?${search}` : action}
              aria-label={t('remove', { filter: text })}
              className="flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-1 pr-2 pl-3 text-sm outline-none hover:border-primary focus-visible:ring-3 focus-visible:ring-primary/40"
            >
              <span className="truncate">{text}</span>
              <X aria-hidden className="size-4 shrink-0" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
