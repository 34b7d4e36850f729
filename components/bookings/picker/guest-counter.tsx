'use client';

import { Minus, Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A head count with − and + buttons; the value is announced as it changes. */
export function GuestCounter({
  label,
  note,
  value,
  min,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
}: {
  label: string;
  note?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  decreaseLabel: string;
  increaseLabel: string;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center justify-between gap-3">
      <p>
        <span id={labelId} className="font-medium">
          {label}
        </span>
        {note ? <span className="ml-2 text-xs text-muted-foreground">{note}</span> : null}
      </p>
      <div className="flex items-center gap-1">
        <StepButton label={decreaseLabel} disabled={value <= min} onClick={() => onChange(value - 1)}>
          <Minus aria-hidden />
        </StepButton>
        <output aria-live="polite" className="w-8 text-center font-medium tabular-nums">
          {value}
        </output>
        <StepButton label={increaseLabel} disabled={value >= max} onClick={() => onChange(value + 1)}>
          <Plus aria-hidden />
        </StepButton>
      </div>
    </div>
  );
}

function StepButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  // aria-disabled rather than disabled: a button that reaches its limit keeps the focus.
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled}
      onClick={() => !disabled && onClick()}
      className="inline-flex size-10 items-center justify-center rounded-lg border border-border outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
