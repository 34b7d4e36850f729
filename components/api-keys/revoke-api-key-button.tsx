'use client';

import { Ban } from 'lucide-react';
import { useActionState, useRef } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { revokeApiKeyAction, type RevokeApiKeyState } from '@/server/api-access/api-key-actions';
import type { RevokeApiKeyLabels } from './api-key-labels';

/** "Revoke" behind a confirmation (a disclosure, so it works before hydration); the key's next call answers 401. */
export function RevokeApiKeyButton({ keyId, confirmText, labels }: { keyId: string; confirmText: string; labels: RevokeApiKeyLabels }) {
  const [state, formAction] = useActionState<RevokeApiKeyState, FormData>(revokeApiKeyAction, null);
  useActionFailureFeedback(state);
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="group">
      <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg border border-border px-4 text-sm font-medium hover:bg-muted group-open:hidden">
        <Ban aria-hidden className="size-4" />
        {labels.open}
      </summary>
      <form action={formAction} className="mt-2 grid gap-2 rounded-lg bg-muted p-3">
        <input type="hidden" name="keyId" value={keyId} />
        <p className="text-sm">{confirmText}</p>
        <div className="flex flex-wrap gap-2">
          <SubmitButton label={labels.submit} pendingLabel={labels.submitting} destructive autoFocusTarget />
          <Button type="button" variant="outline" onClick={() => details.current?.removeAttribute('open')}>
            {labels.cancel}
          </Button>
        </div>
      </form>
    </details>
  );
}
