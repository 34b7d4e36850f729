import type { ReactNode } from 'react';

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

/** A bordered, scrollable table frame: console lists stay readable at 430 px by scrolling sideways. */
export function OpsTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-medium [&_thead]:bg-muted [&_tbody_tr]:border-t">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
