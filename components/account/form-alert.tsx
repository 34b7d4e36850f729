import type { ReactNode } from 'react';

/** A form-level message: an error (announced at once) or a notice (a confirmation, a state). */
export function FormAlert({ id, tone, children }: { id?: string; tone: 'error' | 'notice'; children: ReactNode }) {
  return tone === 'error' ? (
    <div id={id} role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {children}
    </div>
  ) : (
    <div id={id} role="status" className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
      {children}
    </div>
  );
}
