'use client';

import { Eye, EyeOff } from 'lucide-react';
import { useTransition } from 'react';
import { showToast } from '@/components/shell/lazy-toaster';
import { setCustomerViewAction } from '@/server/auth/customer-view-actions';
import { announceCustomerView, useCustomerView } from './customer-view-store';
import type { CustomerViewLabels } from './customer-view-switch';

/**
 * The header's switch (a `switch` button: Space and Enter toggle it, its state is read out and
 * drawn as a track and knob). The action sets the cookie on the server and renders the page again
 * with it; the islands that hold agent-only data follow the cookie at once.
 */
export function CustomerViewButton({ labels }: { labels: CustomerViewLabels }) {
  const on = useCustomerView();
  const [pending, startTransition] = useTransition();
  const known = on !== null;

  function toggle() {
    if (!known) return;
    startTransition(async () => {
      const result = await setCustomerViewAction({ on: !on });
      announceCustomerView();
      if (!result.ok) showToast({ kind: 'error', text: labels.failed });
    });
  }

  return (
    <button
      type="button"
      role="switch"
      aria-checked={on === true}
      aria-busy={pending || !known}
      aria-label={labels.label}
      title={labels.hint}
      onClick={toggle}
      data-testid="customer-view-switch"
      data-state={on === null ? 'unknown' : on ? 'on' : 'off'}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center gap-1.5 rounded-lg border text-sm lg:w-auto lg:px-2 font-medium focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none disabled:opacity-60 ${
        on ? 'border-primary bg-primary/10 text-primary' : 'border-border hover:bg-muted'
      }`}
    >
      {/* Below 960 px the icon alone (an eye, struck through while on, on the switch's tinted ground): the header has no room for the track. */}
      {on ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      <span aria-hidden className="hidden 2xl:inline">
        {labels.label}
      </span>
      <span aria-hidden className={`relative hidden h-4 w-7 rounded-full transition-colors lg:block ${on ? 'bg-primary' : 'bg-muted-foreground/40'}`}>
        <span className={`absolute top-0.5 size-3 rounded-full bg-background transition-all ${on ? 'left-3.5' : 'left-0.5'}`} />
      </span>
      <span className="sr-only">{on ? labels.on : labels.off}</span>
    </button>
  );
}
