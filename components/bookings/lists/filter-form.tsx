'use client';

import { SlidersHorizontal } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { bookingListSearch, parseBookingListQuery } from '@/shared/bookings/list-schema';

type Props = {
  action: string;
  label: string;
  /** The phone's disclosure button and how many filters are set (shown on it). */
  toggle: { label: string; activeCount: number };
  /** The active filters as removable chips, shown on phones while the form is folded away. */
  chips?: ReactNode;
  /** Unfolded from the start on a phone, e.g. when a field has an error to show. */
  defaultOpen?: boolean;
  children: ReactNode;
};

/**
 * The filter form: a plain GET form that works before hydration; once hydrated it leaves empty
 * fields and defaults out of the URL, so a shared link says only what was chosen.
 *
 * Below `md` the form is a screen and a half tall, so it folds behind a "Filters" button and the
 * chosen filters show as chips; from `md` up it is always open and the button and chips are gone.
 */
export function FilterForm({ action, label, toggle, chips, defaultOpen = false, children }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const formId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const search = bookingListSearch(parseBookingListQuery(fields)).toString();
    router.push(search ? `${action}?${search}` : action);
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 md:hidden" data-testid="filter-bar">
        <Button type="button" variant="outline" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((current) => !current)}>
          <SlidersHorizontal aria-hidden />
          {toggle.label}
          {toggle.activeCount > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">{toggle.activeCount}</span>
          ) : null}
        </Button>
        {chips}
      </div>
      <form
        id={formId}
        method="get"
        action={action}
        aria-label={label}
        onSubmit={submit}
        className={cn('rounded-xl border border-border p-4', open ? 'mt-3 md:mt-0' : 'max-md:hidden')}
      >
        {children}
      </form>
    </div>
  );
}
