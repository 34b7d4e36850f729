'use client';

import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { MAX_WIDGET_LINKS, type WidgetFormValues } from '@/shared/widgets/widget-schema';
import type { WidgetEditorLabels } from './widget-editor-labels';
import { TextField } from './widget-fields';

/** The site's partners or social networks: a name and an https link each. */
export function WidgetLinkList({ name, labels }: { name: 'partners' | 'socials'; labels: WidgetEditorLabels }) {
  const { control } = useFormContext<WidgetFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <div className="grid gap-3">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{labels.links.empty}</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-end gap-3 md:grid-cols-[1fr_2fr_auto]">
          <TextField path={`${name}.${index}.name`} label={`${labels.fields.linkName} ${index + 1}`} maxLength={100} />
          <TextField path={`${name}.${index}.url`} label={`${labels.fields.linkUrl} ${index + 1}`} type="url" maxLength={500} />
          <Button type="button" variant="outline" onClick={() => remove(index)}>
            <X aria-hidden className="size-4" />
            {labels.links.remove}
            <span className="sr-only">
              {' '}
              {labels.sections[name]} {index + 1}
            </span>
          </Button>
        </div>
      ))}
      {fields.length < MAX_WIDGET_LINKS ? (
        <Button type="button" variant="outline" className="w-fit" onClick={() => append({ name: '', url: '' })}>
          <Plus aria-hidden className="size-4" />
          {labels.links.add}
          <span className="sr-only"> {labels.sections[name]}</span>
        </Button>
      ) : null}
    </div>
  );
}
