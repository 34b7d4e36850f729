'use client';

import { TriangleAlert } from 'lucide-react';
import { forwardRef } from 'react';

export type SummaryItem = { id: string; label: string; message: string };

/** Spec §5: the form's errors listed at the top, each linking to its field. */
export const ErrorSummary = forwardRef<HTMLDivElement, { title: string; items: SummaryItem[] }>(function ErrorSummary({ title, items }, ref) {
  if (items.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="widget-error-summary-title" className="rounded-xl border border-destructive/50 bg-red-50 p-4 text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-destructive" data-testid="widget-error-summary">
      <p id="widget-error-summary-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 shrink-0" />
        {title}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="underline underline-offset-4"
              onClick={(event) => {
                const field = document.getElementById(item.id);
                if (!field) return;
                event.preventDefault();
                field.scrollIntoView({ block: 'center' });
                field.focus({ preventScroll: true });
              }}
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
