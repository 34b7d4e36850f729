'use client';

import { UserPlus } from 'lucide-react';
import { useActionState, useEffect, useMemo, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { createAgentAction, type AgentFormState } from '@/server/agents/agent-actions';
import { AgentForm } from './agent-form';
import { AgentNotice } from './agent-notice';
import type { AgentFormLabels } from './agent-labels';
import { focusFirstField } from './focus-first-field';

type Props = {
  labels: AgentFormLabels & { open: string; title: string; lead: string; dismiss: string };
};

/**
 * "New agent": a disclosure with the invitation form. Once the agent is created the panel closes,
 * the new agent appears in the list and the status line says where the invitation went.
 */
export function NewAgentPanel({ labels }: Props) {
  const [state, formAction] = useActionState<AgentFormState, FormData>(createAgentAction, null);
  useActionFailureFeedback(state);
  const [open, setOpen] = useState(false);
  // A cancelled form forgets its errors and starts again with empty fields.
  const [dismissed, setDismissed] = useState<AgentFormState>(null);
  const [formKey, setFormKey] = useState(0);
  const [handled, setHandled] = useState<AgentFormState>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // A new result closes the panel when it succeeded (adjusting state while rendering, not in an effect).
  if (state !== handled) {
    setHandled(state);
    if (state?.ok) setOpen(false);
  }
  const current = state === dismissed ? null : state;
  const failure = current && !current.ok ? current : null;
  const notice = useMemo(() => (current?.ok ? { text: current.data.message, tone: 'success' as const } : null), [current]);

  useEffect(() => {
    if (state?.ok) summaryRef.current?.focus();
  }, [state]);

  function close() {
    setOpen(false);
    setDismissed(state);
    setFormKey((key) => key + 1);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  return (
    <div className="mt-6">
      <details
        open={open}
        onToggle={(event) => {
          const isOpen = event.currentTarget.open;
          setOpen(isOpen);
          // The summary hides while open: the focus goes to the first field.
          if (isOpen) focusFirstField(panelRef.current);
        }}
        className="group"
      >
        <summary
          ref={summaryRef}
          className={buttonVariants({ className: 'cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden' })}
        >
          <UserPlus aria-hidden />
          {labels.open}
        </summary>
        <div ref={panelRef} role="group" aria-labelledby="new-agent-title" className="rounded-xl border border-border bg-muted/50 p-4 xs:p-6">
          <h2 id="new-agent-title" className="text-lg font-semibold">
            {labels.title}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">{labels.lead}</p>
          <AgentForm key={formKey} idPrefix="new-agent" formAction={formAction} failure={failure} initial={{ role: 'junior' }} labels={labels} onCancel={close} />
        </div>
      </details>
      <AgentNotice owner="new-agent" notice={notice} dismissLabel={labels.dismiss} className="mt-3" />
    </div>
  );
}
