import { cloneElement, type ReactElement } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled control with its hint and error, tied together for screen readers. */
export function FormField({
  name,
  id = name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  /** Defaults to `name`; set it when two forms on a page share a field name. */
  id?: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
