'use client';

import { LoaderCircle, SearchCheck } from 'lucide-react';
import { useId, useState, useTransition } from 'react';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ActionResult } from '@/server/actions/run-action';
import { checkWidgetDomainAction } from '@/server/widgets/domains/domain-actions';
import type { WidgetDomainState } from '@/server/widgets/widget-queries';

export type DomainCheckLabels = {
  check: string;
  checking: string;
  checkFailed: string;
  verified: string;
  /** With `{reason}`. */
  failed: string;
  /** Still verified though DNS did not answer this time; with `{reason}`. */
  unconfirmed: string;
  /** Each failure reason's sentence, placeholders filled; `unknown` for a code this build does not know. */
  reasons: Record<string, string>;
};

type Result = ActionResult<WidgetDomainState> | { ok: false; status: 500; message: string; fieldErrors: Record<string, never> };

/**
 * The domain panel's "Check": asks the server to look the saved domain's records up and says
 * what came of it. A button, not a form, because the panel sits inside the editor's form; the
 * action refreshes the page, so the panel around it shows the stored result too.
 */
export function DomainCheckButton({ widgetId, labels }: { widgetId: string; labels: DomainCheckLabels }) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<Result | null>(null);
  const statusId = useId();
  useActionFailureFeedback(result);

  function check() {
    startTransition(async () => {
      const answer = await checkWidgetDomainAction(widgetId).catch(() => null);
      setResult(answer ?? { ok: false, status: 500, message: labels.checkFailed, fieldErrors: {} });
    });
  }

  let message: { text: string; tone: 'success' | 'error' } | null = null;
  if (result?.ok) {
    const error = result.data.check?.error ?? null;
    const reason = (error && labels.reasons[error]) || (labels.reasons.unknown ?? '');
    if (error === null) message = { text: labels.verified, tone: 'success' };
    else message = { text: (result.data.status === 'verified' ? labels.unconfirmed : labels.failed).replace('{reason}', reason), tone: 'error' };
  } else if (result) {
    message = { text: result.message, tone: 'error' };
  }

  return (
    <div className="grid gap-2">
      {/* Not `disabled` while checking: a disabled button drops the keyboard focus. */}
      <Button
        type="button"
        variant="outline"
        className={cn('justify-self-start', pending && 'cursor-wait opacity-70')}
        onClick={() => (pending ? undefined : check())}
        aria-disabled={pending}
        aria-busy={pending}
        aria-describedby={statusId}
        data-testid="domain-check"
      >
        {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <SearchCheck aria-hidden />}
        {pending ? labels.checking : labels.check}
      </Button>
      <p id={statusId} role="status" aria-live="polite" className="text-sm" data-testid="domain-check-result">
        {pending || !message ? null : (
          <span className={message.tone === 'success' ? 'text-emerald-700' : 'text-red-800'}>{message.text}</span>
        )}
      </p>
    </div>
  );
}
