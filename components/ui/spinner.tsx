'use client';

// A client module: the forms' submit buttons and the route-change indicator draw it, and their
// lucide-react icons are already loaded.
import { LoaderCircle } from 'lucide-react';
import clsx from 'clsx';

/** Spec §9: spinner size 40. */
export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden className="size-10 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
