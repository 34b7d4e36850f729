import { getTranslations } from 'next-intl/server';
import { buttonVariants, Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locales';
import type { AgentOption, TourOption } from '@/server/bookings/list-options';
import { BOOKING_SORTS, BOOKING_STATUSES, type BookingListQuery, bookingListSearch, type DateRangeName, PAGE_SIZES } from '@/shared/bookings/list-schema';
import { type ActiveFilter, dateRangeFilters, FilterChips } from './filter-chips';
import { DateRange, Field, Select } from './filter-fields';
import { FilterForm } from './filter-form';

type Props = {
  locale: Locale;
  action: string;
  query: BookingListQuery;
  agents: AgentOption[] | null;
  tours: TourOption[];
  /** Date ranges whose end is before their start (shown at the range). */
  invertedRanges: DateRangeName[];
};

/** Reference, guest, both date ranges, status, agent (all bookings only), tour, sorting and page size. */
export async function BookingFilters({ locale, action, query, agents, tours, invertedRanges }: Props) {
  const t = await getTranslations('bookingList');
  const tb = await getTranslations('booking');
  const sortedTours = [...tours].sort((a, b) => a.title[locale].localeCompare(b.title[locale], locale));
  const rangeError = (name: DateRangeName) => (invertedRanges.includes(name) ? t('filters.invertedRange') : undefined);

  const text = (label: string, value: string | undefined, key: keyof BookingListQuery): ActiveFilter[] =>
    value === undefined ? [] : [{ label, value, keys: [key] }];
  const active: ActiveFilter[] = [
    ...text(t('filters.reference'), query.reference, 'reference'),
    ...text(t('filters.guest'), query.guest, 'guest'),
    ...text(t('filters.status'), query.status && tb(`status.${query.status}`), 'status'),
    ...text(t('filters.tour'), query.tour && (tours.find((tour) => tour.id === query.tour)?.title[locale] ?? query.tour), 'tour'),
    ...text(t('filters.agent'), query.agent && (agents?.find((agent) => agent.id === query.agent)?.name ?? query.agent), 'agent'),
    ...(await dateRangeFilters(locale, query, [
      { name: 'booked', label: t('filters.bookingDate') },
      { name: 'travel', label: t('filters.travelDate') },
    ])),
  ];

  return (
    <FilterForm
      action={action}
      label={t('filters.title')}
      toggle={{ label: t('filters.title'), activeCount: active.length }}
      chips={<FilterChips action={action} query={query} filters={active} />}
      defaultOpen={invertedRanges.length > 0}
    >
      {/* Keyed by the query: after a client navigation (a removed chip, paging) the fields show the new
          filters, not what the uncontrolled inputs held before. */}
      <div key={bookingListSearch(query).toString()} className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <Field id="filter-reference" label={t('filters.reference')}>
          <Input id="filter-reference" name="reference" defaultValue={query.reference ?? ''} maxLength={20} autoComplete="off" placeholder="TD-" />
        </Field>
        <Field id="filter-guest" label={t('filters.guest')}>
          <Input id="filter-guest" name="guest" defaultValue={query.guest ?? ''} maxLength={100} autoComplete="off" />
        </Field>
        {/* Requests too: a decided request is still listed there, under its status now. */}
        <Field id="filter-status" label={t('filters.status')}>
            <Select id="filter-status" name="status" defaultValue={query.status ?? ''}>
              <option value="">{t('filters.anyStatus')}</option>
              {BOOKING_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {tb(`status.${status}`)}
                </option>
              ))}
            </Select>
          </Field>
        <Field id="filter-tour" label={t('filters.tour')}>
          <Select id="filter-tour" name="tour" defaultValue={query.tour ?? ''}>
            <option value="">{t('filters.anyTour')}</option>
            {sortedTours.map((tour) => (
              <option key={tour.id} value={tour.id}>
                {tour.title[locale]}
              </option>
            ))}
          </Select>
        </Field>
        <DateRange
          id="filter-booked"
          legend={t('filters.bookingDate')}
          from={['bookedFrom', query.bookedFrom]}
          to={['bookedTo', query.bookedTo]}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          error={rangeError('booked')}
        />
        <DateRange
          id="filter-travel"
          legend={t('filters.travelDate')}
          from={['travelFrom', query.travelFrom]}
          to={['travelTo', query.travelTo]}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          error={rangeError('travel')}
        />
        {agents ? (
          <Field id="filter-agent" label={t('filters.agent')}>
            <Select id="filter-agent" name="agent" defaultValue={query.agent ?? ''}>
              <option value="">{t('filters.anyAgent')}</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id="filter-sort" label={t('filters.sort')}>
          <Select id="filter-sort" name="sort" defaultValue={query.sort}>
            {BOOKING_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`columns.${sort}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="filter-dir" label={t('filters.dir')}>
          <Select id="filter-dir" name="dir" defaultValue={query.dir}>
            <option value="asc">{t('filters.asc')}</option>
            <option value="desc">{t('filters.desc')}</option>
          </Select>
        </Field>
        <Field id="filter-on-page" label={t('filters.onPage')}>
          <Select id="filter-on-page" name="onPage" defaultValue={String(query.onPage)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">{t('filters.apply')}</Button>
        <a href={action} className={buttonVariants({ variant: 'outline' })}>
          {t('filters.clear')}
        </a>
      </div>
    </FilterForm>
  );
}
