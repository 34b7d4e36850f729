'use client';

import { Search, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useApiFetch } from '@/components/http/http-feedback';
import { useRouteLocale } from '@/components/i18n/locale-link';
import { formatDisplayDay } from '@/i18n/dates';
import { localizedPath } from '@/i18n/locales';
import type { BookingLookupHit } from '@/server/dashboard/booking-lookup';
import { bookingPagePath } from '@/shared/bookings/booking-links';

export type BookingLookupLabels = {
  label: string;
  placeholder: string;
  searching: string;
  /** Raw message with a `{query}` placeholder. */
  noResults: string;
  tooShort: string;
  failed: string;
  /** The phone's button that closes the field. */
  close: string;
};

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 250;

/** The answer for one query; while the field holds another query, that one is still being searched. */
type Answer = { query: string; hits: BookingLookupHit[] | null };
type State = { status: 'idle' } | { status: 'searching' } | { status: 'failed' } | { status: 'done'; query: string; hits: BookingLookupHit[] };

/**
 * A combobox (WAI-ARIA 1.2): type a reference or a guest's name, move through the bookings found
 * with the arrow keys, Enter opens the booking's page, Escape closes the list. On a phone it is a
 * search button that opens the field over the header.
 */
export function BookingLookup({ labels }: { labels: BookingLookupLabels }) {
  const locale = useRouteLocale();
  const router = useRouter();
  const apiFetch = useApiFetch();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  const query = text.trim();
  const state: State =
    query.length < MIN_LENGTH
      ? { status: 'idle' }
      : answer?.query !== query
        ? { status: 'searching' }
        : answer.hits === null
          ? { status: 'failed' }
          : { status: 'done', query, hits: answer.hits };

  useEffect(() => {
    if (query.length < MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const result = await apiFetch<{ hits: BookingLookupHit[] }>(`/api/bookings/lookup?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        quietValidation: true,
      });
      if (controller.signal.aborted) return;
      setAnswer({ query, hits: result.ok ? result.data.hits : null });
      setActive(-1);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, apiFetch]);

  const hits = state.status === 'done' ? state.hits : [];
  const go = (hit: BookingLookupHit) => {
    setOpen(false);
    setExpanded(false);
    setText('');
    router.push(localizedPath(locale, bookingPagePath(hit.reference)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const hit = hits[active] ?? (hits.length === 1 ? hits[0] : undefined);
      if (hit) {
        event.preventDefault();
        go(hit);
      }
    } else if (event.key === 'Escape') {
      if (open && text) setOpen(false);
      else {
        setExpanded(false);
        setText('');
      }
    }
  };

  const listId = `${id}-list`;
  const showList = open && query.length > 0;
  return (
    <div className="relative" data-testid="booking-lookup">
      <button
        type="button"
        className="flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted xl:hidden"
        aria-label={labels.label}
        aria-expanded={expanded}
        onClick={() => {
          setExpanded(true);
          setTimeout(() => inputRef.current?.focus(), 0);
        }}
        hidden={expanded}
      >
        <Search aria-hidden className="size-5" />
      </button>
      <div
        className={`${expanded ? 'fixed inset-x-0 top-0 z-50 flex h-16 items-center gap-2 border-b border-border bg-background px-4' : 'hidden'} xl:static xl:flex xl:h-auto xl:border-0 xl:p-0`}
      >
        <div className="relative w-full xl:w-56">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={labels.label}
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={active >= 0 && hits[active] ? `${id}-${active}` : undefined}
            placeholder={labels.placeholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
            className="h-9 w-full rounded-lg border border-border bg-background pr-2 pl-8 text-sm focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none"
          />
        </div>
        {expanded ? (
          <button
            type="button"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-muted xl:hidden"
            aria-label={labels.close}
            onClick={() => {
              setExpanded(false);
              setText('');
            }}
          >
            <X aria-hidden className="size-5" />
          </button>
        ) : null}
      </div>
      {showList ? (
        <div className="fixed inset-x-2 top-16 z-50 rounded-lg border border-border bg-background p-1 shadow-lg xl:absolute xl:inset-x-auto xl:top-11 xl:right-0 xl:w-96">
          <p role="status" className="sr-only xl:not-sr-only xl:block xl:px-2 xl:py-1 xl:text-xs xl:text-muted-foreground">
            {query.length < MIN_LENGTH
              ? labels.tooShort
              : state.status === 'searching'
                ? labels.searching
                : state.status === 'failed'
                  ? labels.failed
                  : state.status === 'done' && state.hits.length === 0
                    ? labels.noResults.replace('{query}', state.query)
                    : ''}
          </p>
          <ul id={listId} role="listbox" aria-label={labels.label}>
            {hits.map((hit, index) => (
              <li
                key={hit.reference}
                id={`${id}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer rounded-md px-2 py-1.5 text-sm ${index === active ? 'bg-muted' : 'hover:bg-muted'}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(hit)}
              >
                <span className="font-medium">{hit.reference}</span> · {hit.guestName}
                <span className="block truncate text-xs text-muted-foreground">
                  {hit.tourTitle[locale]} · {formatDisplayDay(hit.tourDate, locale)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
