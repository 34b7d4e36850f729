import { type Locale, localizedPath } from '@/i18n/locales';
import { type BookingListQuery, bookingListSearch } from '@/shared/bookings/list-schema';

/** A list page's URL for a query: only what differs from the defaults travels, so links stay short. */
export function listHref(locale: Locale, path: string, query: Partial<BookingListQuery>): string {
  const search = bookingListSearch(query).toString();
  return `${localizedPath(locale, path)}${search ? `?${search}` : ''}`;
}

/** The query part of a list page's URL (`?…` or empty), e.g. for the sign-in callback. */
export function listSearch(query: Partial<BookingListQuery>): string {
  const search = bookingListSearch(query).toString();
  return search ? `?${search}` : '';
}

/** The xlsx export of the same filtered list (the whole list, so without paging). */
export function exportHref(scope: string, query: Partial<BookingListQuery>): string {
  const search = bookingListSearch({ ...query, page: undefined, onPage: undefined });
  return `/api/bookings/export?${new URLSearchParams([['scope', scope], ...search]).toString()}`;
}
