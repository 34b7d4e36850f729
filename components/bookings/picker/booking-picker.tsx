'use client';

import { addDays, parseISO } from 'date-fns';
import { AlertCircle, Info, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Price } from '@/components/catalog/price';
import { LocaleLink, useRouteLocale } from '@/components/i18n/locale-link';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { formatDisplayDate, formatIsoDate } from '@/i18n/dates';
import { dubaiToday, type GuestCounts, type StockMode, stockProblem } from '@/shared/availability/rules';
import type { AvailabilitySlot } from '@/server/availability/queries';
import { quoteBooking } from '@/shared/bookings/pricing';
import { lowestPrice, type OfferPrices } from '@/shared/catalog/prices';
import { useCurrency } from '@/components/currency/currency-provider';
import { convertFromAed, formatAedAs } from '@/shared/money/money';
import { GuestCounter } from './guest-counter';
import { fillTemplate, type BookingLabels } from './labels';
import { type DayStatus, MonthCalendar } from './month-calendar';
import { useMonthAvailability } from './use-month-availability';

/** What the picker needs to know of an offer from the public tour page. */
export type PickerOffer = { id: string; hasLiveAvailability: boolean; availabilityType: 'start_time' | 'opening_hours'; minPeople: number; retail: OfferPrices };

type Selection = { date: string; slots: AvailabilitySlot[]; stockMode: StockMode };

// The checkout's limits (server/bookings/checkout-schema.ts).
const MAX_COUNTS: GuestCounts = { adults: 50, children: 50, infants: 20 };
/** Slots with this many tickets or fewer stress how many are left. */
const FEW_TICKETS = 10;
// Without live availability stock is not counted: only the minimum applies (as in createBooking).
const UNLIMITED = { left: Number.MAX_SAFE_INTEGER, leftAdults: Number.MAX_SAFE_INTEGER, leftChildren: Number.MAX_SAFE_INTEGER };

const hasTickets = (slot: AvailabilitySlot) => slot.left > 0;

/**
 * Date, start time and guests for one offer, with the running price and spec §5's stock rules
 * applied as the counts change: the same rules and prices the booking itself uses.
 */
export function BookingPicker({ offer, netPrices, labels }: { offer: PickerOffer; netPrices: OfferPrices | null; labels: BookingLabels }) {
  const locale = useRouteLocale();
  const titleId = useId();
  const hintId = useId();
  const slotGroup = useId();
  const [today] = useState(() => dubaiToday(new Date()));
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const [selection, setSelection] = useState<Selection | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [counts, setCounts] = useState<GuestCounts>({ adults: Math.max(1, offer.minPeople), children: 0, infants: 0 });
  const monthData = useMonthAvailability(offer.id, month, today, offer.hasLiveAvailability);
  // A supplier that cannot answer now turns the month into a request (no slots to choose), never an error.
  const supplierDown = monthData.status === 'ready' && monthData.availability.onRequestReason === 'supplierUnavailable';
  const live = offer.hasLiveAvailability && !supplierDown;
  // A ticket valid all day: its one slot a day is the opening time, not a start time.
  const openingHours = offer.availabilityType === 'opening_hours';

  const days = new Map(monthData.status === 'ready' ? monthData.availability.days.map((day) => [day.date, day]) : []);
  const tomorrow = formatIsoDate(addDays(parseISO(today), 1));
  const dayStatus = (date: string): DayStatus => {
    if (!live) return date >= tomorrow ? 'available' : 'unavailable';
    const day = date >= today ? days.get(date) : undefined;
    if (!day || day.slots.length === 0) return 'unavailable';
    return day.slots.some(hasTickets) ? 'available' : 'soldOut';
  };

  function selectDate(date: string) {
    const slots = days.get(date)?.slots ?? [];
    const open = slots.filter(hasTickets);
    setSelection({ date, slots, stockMode: monthData.status === 'ready' ? monthData.availability.stockMode : 'shared' });
    setTime(open.length === 1 && open[0] ? open[0].time : null);
  }

  const slot = selection?.slots.find((candidate) => candidate.time === time) ?? null;
  const asRequest = !live || slot?.pastCutOff === true;
  const problem = stockProblem(selection?.stockMode ?? 'shared', live && slot ? slot : UNLIMITED, counts, offer.minPeople);
  // A request is confirmed by hand: only the minimum blocks it (as in createBooking).
  const blocking = problem && (problem.code === 'minPeople' || !asRequest) ? problem : null;
  const ready = selection !== null && (!live || (slot !== null && hasTickets(slot))) && blocking === null;
  const hint = selection === null ? labels.chooseDate : live && slot === null ? labels.chooseTime : null;

  const quote = quoteBooking({ b2b: netPrices ?? offer.retail, retail: offer.retail }, counts);
  const setCount = (kind: keyof GuestCounts) => (value: number) => setCounts((current) => ({ ...current, [kind]: value }));
  // Prices belong to the offer, not to a slot: an open day's lowest price is the offer's lowest
  // (per adult or per trip), shown in the visitor's currency; agents see their NET beside it.
  const { currency, rates } = useCurrency();
  const fromPrice = lowestPrice([offer.retail]);
  const netFrom = netPrices ? lowestPrice([netPrices]) : null;
  const dayPrice = (): { short: string; full: string } | null => {
    if (fromPrice === null) return null;
    const full = fillTemplate(labels.dayFromPrice, { price: formatAedAs(fromPrice, currency, locale, rates) });
    return { short: String(Math.round(convertFromAed(fromPrice, currency, rates) / 100)), full };
  };
  const slotPrice = fromPrice === null ? null : formatAedAs(fromPrice, currency, locale, rates);
  const slotNetPrice = netFrom === null ? null : formatAedAs(netFrom, currency, locale, rates);
  const monthHasDates = monthData.status === 'ready' && monthData.availability.days.some((day) => day.slots.some(hasTickets));

  return (
    <section aria-labelledby={titleId} className="@container mt-4 rounded-xl border border-border bg-background p-4" data-testid="booking-picker">
      <h4 id={titleId} className="sr-only">
        {labels.title}
      </h4>
      <div className="grid gap-6 @xl:grid-cols-[minmax(0,20rem)_1fr]">
        <div className="relative min-w-0">
          {monthData.status === 'failed' ? (
            <div role="alert" className="grid justify-items-start gap-3 rounded-lg bg-muted p-4 text-sm">
              <p className="flex items-center gap-2">
                <AlertCircle aria-hidden className="size-4 text-destructive" />
                {labels.loadFailed}
              </p>
              <Button variant="outline" size="sm" onClick={monthData.retry}>
                <RotateCw aria-hidden />
                {labels.retry}
              </Button>
            </div>
          ) : (
            <>
              <MonthCalendar
                month={month}
                locale={locale}
                dayStatus={dayStatus}
                selected={selection?.date ?? null}
                onSelect={selectDate}
                canGoBack={month > today.slice(0, 7)}
                onMonthChange={setMonth}
                busy={offer.hasLiveAvailability && monthData.status === 'loading'}
                labels={labels}
                dayPrice={dayPrice}
              />
              {offer.hasLiveAvailability && monthData.status === 'loading' ? (
                <div className="absolute inset-0 top-12 flex items-center justify-center rounded-lg bg-background/70">
                  <Spinner label={labels.loading} />
                </div>
              ) : null}
              {live && monthData.status === 'ready' && !monthHasDates ? <p className="mt-2 text-sm text-muted-foreground">{labels.noDatesInMonth}</p> : null}
            </>
          )}
        </div>

        <div className="grid min-w-0 content-start gap-5">
          {live && selection ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium">
                {openingHours ? labels.entry : labels.time} · {formatDisplayDate(parseISO(selection.date), locale)}
              </legend>
              <div className="flex flex-wrap gap-2">
                {selection.slots.map((candidate) => (
                  <SlotOption
                    key={candidate.time}
                    name={slotGroup}
                    slot={candidate}
                    stockMode={selection.stockMode}
                    checked={candidate.time === time}
                    onChange={() => setTime(candidate.time)}
                    labels={labels}
                    openingHours={openingHours}
                    price={slotPrice}
                    netPrice={slotNetPrice}
                  />
                ))}
              </div>
            </fieldset>
          ) : null}

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">{labels.guests}</legend>
            <GuestCounter
              label={labels.adults}
              value={counts.adults}
              min={1}
              max={MAX_COUNTS.adults}
              onChange={setCount('adults')}
              decreaseLabel={labels.fewerAdults}
              increaseLabel={labels.moreAdults}
            />
            <GuestCounter
              label={labels.children}
              value={counts.children}
              min={0}
              max={MAX_COUNTS.children}
              onChange={setCount('children')}
              decreaseLabel={labels.fewerChildren}
              increaseLabel={labels.moreChildren}
            />
            <GuestCounter
              label={labels.infants}
              note={labels.infantsFree}
              value={counts.infants}
              min={0}
              max={MAX_COUNTS.infants}
              onChange={setCount('infants')}
              decreaseLabel={labels.fewerInfants}
              increaseLabel={labels.moreInfants}
            />
          </fieldset>

          <dl className="grid gap-1 rounded-lg bg-muted p-3 text-sm" data-testid="booking-total">
            <div className="flex items-baseline justify-between gap-3">
              <dt>{labels.retailTotal}</dt>
              <dd>
                <Price fils={quote.publishedTotalMinor} className="text-base font-semibold" />
              </dd>
            </div>
            {netPrices ? (
              <div className="flex items-baseline justify-between gap-3 text-primary">
                <dt>{labels.netTotal}</dt>
                <dd>
                  <Price fils={quote.netTotalMinor} className="text-base font-semibold" />
                </dd>
              </div>
            ) : null}
          </dl>

          <div className="grid gap-2">
            <div role="status" aria-live="polite" className="grid gap-2 text-sm">
              {blocking ? (
                <p className="flex gap-2 font-medium text-destructive" data-testid="stock-problem">
                  <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {blocking.code === 'minPeople' ? fillTemplate(labels.minPeople, { min: blocking.min }) : fillTemplate(labels.soldOut, { max: blocking.max })}
                </p>
              ) : null}
              {supplierDown ? (
                <Note>{labels.supplierUnavailable}</Note>
              ) : !live ? (
                <Note>{labels.noLiveAvailability}</Note>
              ) : slot?.pastCutOff ? (
                <Note>{labels.cutOffPassed}</Note>
              ) : null}
            </div>
            {ready && selection ? (
              <LocaleLink
                href={{
                  pathname: '/checkout',
                  query: { offer: offer.id, date: selection.date, time: live ? (time ?? undefined) : undefined, ...counts },
                }}
                className={cn(buttonVariants({ size: 'lg' }), 'w-full')}
              >
                {labels.continue}
              </LocaleLink>
            ) : (
              <>
                <Button size="lg" className="w-full" disabled aria-describedby={hint ? hintId : undefined}>
                  {labels.continue}
                </Button>
                {hint ? (
                  <p id={hintId} className="text-center text-xs text-muted-foreground">
                    {hint}
                  </p>
                ) : null}
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Note({ children }: { children: string }) {
  return (
    <p className="flex gap-2 rounded-lg bg-primary/5 p-2 text-foreground">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      {children}
    </p>
  );
}

function SlotOption({
  name,
  slot,
  stockMode,
  checked,
  onChange,
  labels,
  openingHours,
  price,
  netPrice,
}: {
  name: string;
  slot: AvailabilitySlot;
  stockMode: StockMode;
  checked: boolean;
  onChange: () => void;
  labels: BookingLabels;
  openingHours: boolean;
  /** The slot's retail from-price and, for an agent who may see it, the NET one. */
  price: string | null;
  netPrice: string | null;
}) {
  const soldOut = !hasTickets(slot);
  const left =
    stockMode === 'per_type'
      ? fillTemplate(labels.ticketsLeftByType, { adults: slot.leftAdults ?? 0, children: slot.leftChildren ?? 0 })
      : fillTemplate(labels.ticketsLeft, { count: slot.left });
  // Seats left are always told (a slot's count comes with the month: no request of its own); few
  // left are stressed.
  const detail = soldOut ? labels.slotSoldOut : slot.pastCutOff ? labels.slotOnRequest : left;
  const few = !soldOut && !slot.pastCutOff && slot.left <= FEW_TICKETS;
  const timeId = useId();
  const detailsId = useId();
  return (
    <label
      className={cn(
        'flex min-w-24 cursor-pointer flex-col rounded-lg border border-border px-3 py-2 text-sm has-focus-visible:ring-3 has-focus-visible:ring-primary/40',
        checked && 'border-primary bg-primary/5',
        soldOut && 'cursor-not-allowed opacity-50',
      )}
    >
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          value={slot.time}
          checked={checked}
          disabled={soldOut}
          onChange={onChange}
          aria-labelledby={timeId}
          aria-describedby={detailsId}
          className="accent-primary"
        />
        <span id={timeId} className="font-medium tabular-nums">{openingHours ? fillTemplate(labels.openingHoursFrom, { time: slot.time }) : slot.time}</span>
      </span>
      {/* The time names the radio; seats left and the price describe it. */}
      <span id={detailsId} className="grid">
        <span className={cn('text-xs', few ? 'font-medium text-destructive' : 'text-muted-foreground')} data-testid="slot-seats-left">
          {detail}
        </span>
        {price && !soldOut ? (
          <span className="text-xs" data-testid="slot-price">
            {fillTemplate(labels.dayFromPrice, { price })}
            {netPrice ? <span className="block text-primary">{fillTemplate(labels.netFromPrice, { price: netPrice })}</span> : null}
          </span>
        ) : null}
      </span>
    </label>
  );
}
