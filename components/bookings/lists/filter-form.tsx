'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent, ReactNode } from 'react';
import { bookingListSearch, parseBookingListQuery } from '@/server/shared/bookings/list-schema';

/**
 * The filter form: a plain GET form that works before hydration; once hydrated it leaves empty
 * fields and defaults out of the URL, so a shared link says only what was chosen.
 */
export function FilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  const router = useRouter();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const search = bookingListSearch(parseBookingListQuery(fields)).toString();
    router.push(search ? `${action}?${search}` : action);
  }

  return (
    <form method="get" action={action} aria-label={label} onSubmit={submit} className="rounded-xl border border-border p-4">
      {children}
    </form>
  );
}
