'use client';

import { type ChangeEvent, useState } from 'react';
import { Label } from '@/components/ui/label';
import { MAX_UPLOAD_BYTES } from '@/shared/files/file-rules';

export type FileFieldLabels = {
  /** 'File is too large. Maximum size is 5MB.' in the page's language. */
  tooLarge: string;
  /** 'Current file: {name}' already filled in, when a file is stored. */
  current?: string;
  download: string;
};

/**
 * A file input for the upload rules of spec §5. The server checks size and type by content; this
 * only refuses an oversized file before it is sent, so the agent does not wait for a 6 MB upload
 * to learn it is too large. Works as a plain file input before hydration.
 */
export function FileField({
  name,
  label,
  accept,
  hint,
  error,
  required,
  current,
  labels,
}: {
  name: string;
  label: string;
  accept: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** The stored file, if any: its download link is shown beside the input. */
  current?: { href: string; name: string };
  labels: FileFieldLabels;
}) {
  const [clientError, setClientError] = useState<string | null>(null);
  const shownError = clientError ?? error;
  const describedBy = [hint && `${name}-hint`, current && `${name}-current`, shownError && `${name}-error`].filter(Boolean).join(' ') || undefined;

  function check(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file && file.size > MAX_UPLOAD_BYTES) {
      event.currentTarget.value = '';
      setClientError(labels.tooLarge);
    } else {
      setClientError(null);
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={name}>{label}</Label>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        required={required}
        onChange={check}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full min-w-0 rounded-lg border border-input bg-background text-sm file:mr-3 file:h-10 file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive"
      />
      {current ? (
        <p id={`${name}-current`} className="text-xs text-muted-foreground">
          {labels.current}{' '}
          <a href={current.href} className="font-medium text-primary underline-offset-4 hover:underline" download>
            {labels.download}
          </a>
        </p>
      ) : null}
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p id={`${name}-error`} className="text-sm text-destructive" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
