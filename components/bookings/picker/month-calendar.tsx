'use client';

import { addDays, eachDayOfInterval, endOfMonth, endOfWeek, format, parseISO, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { dateLocale, formatIsoDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { BookingLabels } from './labels';

export type DayStatus = 'available' | 'soldOut' | 'unavailable';

type CalendarLabels = Pick<BookingLabels, 'previousMonth' | 'nextMonth' | 'dayAvailable' | 'daySoldOut' | 'dayUnavailable'>;

/** `yyyy-MM` of the month before or after `month`. */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, index - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * One month of days, weeks starting on the locale's first day (Sunday in English, Monday in
 * Russian). Arrow keys, Home and End move between days (one tab stop for the grid); days that
 * cannot be chosen stay focusable so keyboard users still hear why.
 */
export function MonthCalendar({
  month,
  locale,
  dayStatus,
  selected,
  onSelect,
  canGoBack,
  onMonthChange,
  busy,
  labels,
  dayPrice,
}: {
  month: string;
  locale: Locale;
  dayStatus: (date: string) => DayStatus;
  selected: string | null;
  onSelect: (date: string) => void;
  canGoBack: boolean;
  onMonthChange: (month: string) => void;
  busy: boolean;
  labels: CalendarLabels;
  /**
   * The day's lowest price, short, shown under an open day's number (from the month already
   * loaded: no request of its own); its full text is the day's description (its title).
   */
  dayPrice?: (date: string) => { short: string; full: string } | null;
}) {
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const dates = { locale: dateLocale(locale) };
  const weekStartsOn = dates.locale.options?.weekStartsOn ?? 0;
  const first = parseISO(`${month}-01`);
  const days = eachDayOfInterval({ start: startOfWeek(first, { weekStartsOn }), end: endOfWeek(endOfMonth(first), { weekStartsOn }) });
  const weeks = Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
  const inMonth = (date: string) => date.startsWith(`${month}-`);
  const monthDates = days.map(formatIsoDate).filter(inMonth);

  // The one day in the tab order: the focused one, else the chosen one, else the first open one.
  const tabStop =
    (focused && inMonth(focused) ? focused : null) ??
    (selected && inMonth(selected) ? selected : null) ??
    monthDates.find((date) => dayStatus(date) === 'available') ??
    monthDates[0];

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const day = parseISO(date);
    let target: Date | null = null;
    const step = KEY_STEPS[event.key];
    if (step !== undefined) target = addDays(day, step);
    else if (event.key === 'Home') target = startOfWeek(day, { weekStartsOn });
    else if (event.key === 'End') target = endOfWeek(day, { weekStartsOn });
    if (!target) return;
    event.preventDefault();
    const next = formatIsoDate(target);
    if (!inMonth(next)) return;
    setFocused(next);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${next}"]`)?.focus();
  }

  const statusText: Record<DayStatus, string> = {
    available: labels.dayAvailable,
    soldOut: labels.daySoldOut,
    unavailable: labels.dayUnavailable,
  };
  const title = format(first, 'LLLL yyyy', dates);

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <MonthButton label={labels.previousMonth} disabled={!canGoBack} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft aria-hidden />
        </MonthButton>
        <h4 id={headingId} className="font-semibold first-letter:uppercase" aria-live="polite">
          {title}
        </h4>
        <MonthButton label={labels.nextMonth} onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight aria-hidden />
        </MonthButton>
      </div>
      <table ref={gridRef} className="w-full table-fixed border-collapse text-sm" aria-labelledby={headingId} aria-busy={busy}>
        <thead>
          <tr>
            {weeks[0]?.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', dates)} className="pb-1 text-xs font-medium text-muted-foreground">
                {format(day, 'EEEEEE', dates)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={formatIsoDate(week[0] ?? first)}>
              {week.map((day) => {
                const date = formatIsoDate(day);
                if (!inMonth(date)) return <td key={date} />;
                const status = busy ? 'unavailable' : dayStatus(date);
                const isSelected = date === selected;
                const price = status === 'available' ? (dayPrice?.(date) ?? null) : null;
                return (
                  <td key={date} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-disabled={status !== 'available'}
                      aria-label={`${format(day, 'PPPP', dates)}, ${statusText[status]}`}
                      title={price?.full}
                      onKeyDown={(event) => moveFocus(event, date)}
                      onFocus={() => setFocused(date)}
                      onClick={() => status === 'available' && onSelect(date)}
                      className={cn(
                        'mx-auto flex size-9 flex-col items-center justify-center rounded-lg leading-none tabular-nums outline-none focus-visible:ring-3 focus-visible:ring-primary/40 xs:size-10',
                        dayPrice && 'h-11 xs:h-12',
                        status === 'available' && 'bg-primary/10 font-medium text-primary hover:bg-primary/20',
                        status === 'soldOut' && 'cursor-not-allowed text-muted-foreground line-through',
                        status === 'unavailable' && 'cursor-not-allowed text-muted-foreground/60',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary',
                      )}
                    >
                      {day.getDate()}
                      {dayPrice ? (
                        // Every day keeps the price's line, so the grid's height never moves as prices arrive.
                        <span aria-hidden className="mt-1 h-3 text-[10px] font-normal opacity-80" data-testid={price ? 'day-price' : undefined}>
                          {price?.short}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MonthButton({ label, disabled = false, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  // aria-disabled rather than disabled: the button keeps focus when the first month is reached.
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={disabled}
      onClick={() => !disabled && onClick()}
      className="inline-flex size-9 items-center justify-center rounded-lg border border-border outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
