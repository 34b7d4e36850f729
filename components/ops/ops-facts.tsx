import type { ReactNode } from 'react';

export type OpsFact = { label: string; value: ReactNode; testId?: string; numeric?: boolean };

/** Label–value pairs of a console record (an agency's profile, its funds), as a description list. */
export function OpsFacts({ facts }: { facts: readonly OpsFact[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd data-testid={fact.testId} className={fact.numeric ? 'tabular-nums' : 'whitespace-pre-line'}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
