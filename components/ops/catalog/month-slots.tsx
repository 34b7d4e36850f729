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

/** A month of an offer's slots, Monday first: each day with its start times and stock left. */
export async function MonthSlots({ month, slots, perType, path }: { month: string; slots: Slot[]; perType: boolean; path: string }) {
  const t = await getTranslations('opsCatalog.availability');
  const days = await getTranslations('opsCatalog.weekdays');
  const monthLabel = formatMonthName(month, toLocale(await getLocale()));
  const first = new Date(Date.parse(`${month}-01T00:00:00Z`));
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`)];
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm">
        <NextLink href={`${path}?month=${shiftMonth(month, -1)}`} rel="prev" className="text-primary underline-offset-4 hover:underline">
          {t('previousMonth')}
        </NextLink>
        <span className="font-medium">{monthLabel}</span>
        <NextLink href={`${path}?month=${shiftMonth(month, 1)}`} rel="next" className="text-primary underline-offset-4 hover:underline">
          {t('nextMonth')}
        </NextLink>
      </div>
      <div className="overflow-x-auto">
        <div className="grid min-w-[640px] grid-cols-7 gap-1 text-xs" role="table" aria-label={t('calendar', { month: monthLabel })}>
          {(['1', '2', '3', '4', '5', '6', '0'] as const).map((day) => (
            <div key={day} role="columnheader" className="px-1 font-medium">
              {days(day)}
            </div>
          ))}
          {cells.map((date, index) =>
            date === null ? (
              <div key={`lead-${index}`} />
            ) : (
              <div key={date} role="cell" className="min-h-16 rounded border p-1" data-date={date}>
                <div className="font-medium">{Number(date.slice(8))}</div>
                {(byDate.get(date) ?? []).map((slot) => (
                  <div key={slot.id} className={slot.left === 0 ? 'text-muted-foreground line-through' : undefined}>
                    {slot.startTime} · {perType ? t('leftPerType', { adults: slot.leftAdults ?? 0, children: slot.leftChildren ?? 0 }) : t('left', { count: slot.left })}
                  </div>
                ))}
              </div>
            ),
          )}
        </div>
      </div>
    </div>
  );
}
