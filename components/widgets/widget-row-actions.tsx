'use client';

import { Trash2 } from 'lucide-react';
import { type ReactNode, useActionState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { deleteWidgetAction, duplicateWidgetAction } from '@/server/widgets/widget-actions';

type Labels = { duplicate: string; delete: string; confirm: string; cancel: string; title: string; body: string };

/**
 * Duplicate (one click: the copy opens in the editor) and delete after a confirmation, as plain
 * forms in a disclosure, so both work before hydration.
 */
export function WidgetRowActions({ widgetId, name, labels, icon }: { widgetId: string; name: string; labels: Labels; icon: ReactNode }) {
  const [duplicateState, duplicate] = useActionState(duplicateWidgetAction, null);
  const [deleteState, remove] = useActionState(deleteWidgetAction, null);
  useActionFailureFeedback(duplicateState);
  useActionFailureFeedback(deleteState);
  return (
    <>
      <form action={duplicate}>
        <input type="hidden" name="widgetId" value={widgetId} />
        <SubmitButton label={labels.duplicate} pendingLabel={labels.duplicate} icon={icon} variant="outline" size="sm" describedBy={`widget-name-${widgetId}`} />
      </form>
      <details className="group">
        <summary className="inline-flex h-8 cursor-pointer list-none items-center gap-1 rounded-md border border-border px-3 text-sm text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Trash2 aria-hidden className="size-4" />
          {labels.delete}
          <span className="sr-only">: {name}</span>
        </summary>
        <div role="group" aria-label={labels.title} className="mt-2 w-72 max-w-[80vw] rounded-lg border border-red-200 bg-background p-3 text-left shadow-sm">
          <p className="font-medium">{labels.title}</p>
          <p className="mt-1 text-muted-foreground">{labels.body}</p>
          <form action={remove} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="widgetId" value={widgetId} />
            <SubmitButton label={labels.confirm} pendingLabel={labels.confirm} destructive size="sm" />
            <Button type="button" variant="outline" size="sm" onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}>
              {labels.cancel}
            </Button>
          </form>
        </div>
      </details>
      <span id={`widget-name-${widgetId}`} hidden>
        {name}
      </span>
    </>
  );
}
