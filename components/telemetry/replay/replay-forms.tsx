'use client';

import { useOpsFieldError } from '@/components/ops/ops-form';

// The replay forms' boxes (docs/telemetry.md "## Replay"): a destructive form's confirmation and
// the opt-out, each with its field error under it. Plain inputs: the forms post before hydration.

export function ReplayCheckbox({ name, label, id, defaultChecked }: { name: string; label: string; id: string; defaultChecked?: boolean }) {
  const error = useOpsFieldError(name);
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          className="size-4"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
