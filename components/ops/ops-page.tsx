import type { ReactNode } from 'react';
import { labelTableCells } from '@/components/ui/label-table-cells';

/** A console page's title, an optional line under it and actions on the right. */
export function OpsPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/**
 * A console list in the portal's card style (rounded-xl, the border colour): a bordered table from
 * 768 px (scrolling sideways inside its frame if it must), one card per row on a phone, each value
 * under its column's name (`.table-cards`).
 */
export function OpsTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl md:border md:border-border">
      <table className="table-cards w-full text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-medium [&_thead]:bg-muted [&_tbody_tr]:border-t [&_tbody_tr]:border-border">
        <caption className="sr-only">{caption}</caption>
        {labelTableCells(children)}
      </table>
    </div>
  );
}
