'use client';

import dynamic from 'next/dynamic';
import { useAgentSession } from '@/components/auth/agent-session';
import type { BookingLookupLabels } from './booking-lookup';

// The header's booking search is for signed-in agents only: a visitor's page never downloads it
// (the slot is all a public page carries); an agent's browser loads it once the session is known.
const BookingLookup = dynamic(() => import('./booking-lookup').then((module) => module.BookingLookup), {
  loading: () => <div aria-hidden className="h-9 w-9 xl:w-56" />,
});

export function BookingLookupSlot({ labels }: { labels: BookingLookupLabels }) {
  const session = useAgentSession();
  return session.status === 'authenticated' ? <BookingLookup labels={labels} /> : null;
}
