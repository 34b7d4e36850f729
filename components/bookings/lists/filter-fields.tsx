// Labelled controls of the list filter forms (booking lists, commissions).
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Two date inputs under one legend; each input is labelled by the legend and its own label. An
 * `error` (an inverted range) shows under both, which it describes; the end input is marked invalid.
 */
export function DateRange({
  id,
  legend,
  from,
  to,
  labels,
  error,
}: {
  id: string;
  legend: string;
  from: [string, string | undefined];
  to: [string, string | undefined];
  labels: { from: string; to: string };
  error?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset id={id} className="grid min-w-0 scroll-mt-20 content-start gap-1.5 md:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {[
          { name: from[0], value: from[1], label: labels.from, end: false },
          { name: to[0], value: to[1], label: labels.to, end: true },
        ].map((field) => (
          <label key={field.name} className="grid gap-1 text-xs text-muted-foreground">
            <span className="sr-only">{`${legend}, `}</span>
            {field.label}
            <Input
              type="date"
              id={`filter-${field.name}`}
              name={field.name}
              defaultValue={field.value ?? ''}
              className="text-foreground"
              aria-invalid={error && field.end ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive" data-testid={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
