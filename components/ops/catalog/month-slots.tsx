import NextLink from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMonthName } from '@/i18n/dates';
import { toLocale } from '@/i18n/locales';

type Slot = { id: string; date: string; startTime: string; left: number; leftAdults: number | null; leftChildren: number | null };

function shiftMonth(month: string, by: number): string {
  const day = new Date(Date.parse(`${month}-01T00:00:00Z`));
  day.setUTCMonth(day.getUTCMonth() + by);
  return day.toISOString().slice(0, 7);
}

/** A week's seven days, Monday first: each a `yyyy-MM-dd` date of the month or null outside it. */
function weeksOf(month: string): (string | null)[][] {
  const first = new Date(Date.parse(`${month}-01T00:00:00Z`));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const days = [...Array.from({ length: lead }, () => null), ...Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`)];
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '0'] as const;

/**
 * A month of an offer's slots, Monday first: each day with its start times and stock left. A
 * table of weeks that fits its box from 768 px (fixed columns, text wrapping in them); on a phone
 * each week is a card listing its days under their weekday's name (`.table-cards`), so the page
 * never scrolls sideways and every cell sits in its row.
 */
export async function MonthSlots({ month, slots, perType, path }: { month: string; slots: Slot[]; perType: boolean; path: string }) {
  const t = await getTranslations('opsCatalog.availability');
  const days = await getTranslations('opsCatalog.weekdays');
  const monthLabel = formatMonthName(month, toLocale(await getLocale()));
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <NextLink href={`${path}?month=${shiftMonth(month, -1)}`} rel="prev" className="text-primary underline-offset-4 hover:underline">
          {t('previousMonth')}
        </NextLink>
        <span className="font-medium">{monthLabel}</span>
        <NextLink href={`${path}?month=${shiftMonth(month, 1)}`} rel="next" className="text-primary underline-offset-4 hover:underline">
          {t('nextMonth')}
        </NextLink>
      </div>
      <table className="table-cards w-full table-fixed border-separate border-spacing-1 text-xs">
        <caption className="sr-only">{t('calendar', { month: monthLabel })}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="px-1 text-left font-medium">
                {days(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find((date) => date !== null)}>
              {week.map((date, index) =>
                date === null ? (
                  <td key={`empty-${index}`} />
                ) : (
                  <td key={date} data-date={date} data-label={days(WEEKDAYS[index]!)} className="p-1 align-top break-words md:h-16 md:rounded md:border md:border-border">
                    <div className="font-medium">{Number(date.slice(8))}</div>
                    {(byDate.get(date) ?? []).map((slot) => (
                      <div key={slot.id} className={slot.left === 0 ? 'text-muted-foreground line-through' : undefined}>
                        {slot.startTime} · {perType ? t('leftPerType', { adults: slot.leftAdults ?? 0, children: slot.leftChildren ?? 0 }) : t('left', { count: slot.left })}
                      </div>
                    ))}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
