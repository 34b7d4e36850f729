import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

/** Spec §9: spinner size 40. */
export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden className="size-10 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
