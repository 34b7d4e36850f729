'use client';

import { LoaderCircle } from 'lucide-react';
import { useFormStatus } from 'react-dom';
import { Button } from '@/components/ui/button';

/**
 * The account forms' submit button: disabled with a busy label while the form posts. `pending`
 * overrides the form status for a form that runs its action in a transition of its own.
 */
export function SubmitButton({ label, busyLabel, pending }: { label: string; busyLabel: string; pending?: boolean }) {
  const status = useFormStatus();
  const busy = pending ?? status.pending;
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
      <span aria-live="polite">{busy ? busyLabel : label}</span>
    </Button>
  );
}
