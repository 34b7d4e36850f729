'use client';

import { Mail, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useActionState, useEffect, useMemo, useRef, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import {
  type AgentCommandState,
  type AgentFormState,
  deleteAgentAction,
  resendInviteAction,
  restoreAgentAction,
  updateAgentAction,
} from '@/server/agents/agent-actions';
import type { AgentRow } from '@/server/agents/agent-queries';
import type { AgentField } from '@/shared/agents/agent-schema';
import { AgentForm } from './agent-form';
import { AgentNotice } from './agent-notice';
import type { AgentActionsLabels, AgentSentences, ConfirmLabels } from './agent-labels';
import { focusFirstField } from './focus-first-field';
import { SubmitButton } from '@/components/forms/submit-button';

type Panel = 'edit' | 'confirm' | null;
type Result = AgentFormState | AgentCommandState;

type Props = {
  agent: AgentRow;
  /** The signed-in admin's own card: it cannot delete itself. */
  isSelf: boolean;
  /** The card's heading, which takes the focus after a change (the card may move in the list). */
  headingId: string;
  labels: AgentActionsLabels;
  sentences: AgentSentences;
};

/**
 * An agent card's actions: edit, delete or restore (each after a confirmation step), and a new
 * invitation for an agent who has not verified the e-mail yet. Panels are disclosures, so they
 * open and their forms post before hydration too; one panel is open at a time.
 */
export function AgentActions({ agent, isSelf, headingId, labels, sentences }: Props) {
  const [updateState, updateAction] = useActionState<AgentFormState, FormData>(updateAgentAction, null);
  const [deleteState, deleteAction] = useActionState<AgentCommandState, FormData>(deleteAgentAction, null);
  const [restoreState, restoreAction] = useActionState<AgentCommandState, FormData>(restoreAgentAction, null);
  const [resendState, resendAction] = useActionState<AgentCommandState, FormData>(resendInviteAction, null);
  useActionFailureFeedback(updateState);
  useActionFailureFeedback(deleteState);
  useActionFailureFeedback(restoreState);
  useActionFailureFeedback(resendState);
  const [panel, setPanel] = useState<Panel>(null);
  const [formKey, setFormKey] = useState(0);
  const results = [updateState, deleteState, restoreState, resendState];

  // The newest result decides what the card says; a success closes the open panel. Adjusted while
  // rendering when a result arrives; null once the admin closes a panel.
  const [seen, setSeen] = useState<Result[]>(results);
  const [latest, setLatest] = useState<Result>(null);
  const arrived = results.find((result, index) => result !== seen[index]);
  if (arrived !== undefined) {
    setSeen(results);
    setLatest(arrived);
    if (arrived?.ok) setPanel(null);
  }
  const updateFailure = latest === updateState && updateState?.ok === false ? updateState : null;
  const deleteFailure = latest === deleteState && deleteState?.ok === false ? deleteState : null;
  const restoreFailure = latest === restoreState && restoreState?.ok === false ? restoreState : null;

  useEffect(() => {
    if (latest?.ok) document.getElementById(headingId)?.focus();
  }, [latest, headingId]);

  const editSummary = useRef<HTMLElement>(null);
  const confirmSummary = useRef<HTMLElement>(null);

  function toggle(which: Exclude<Panel, null>, isOpen: boolean, container: HTMLElement) {
    setPanel((current) => (isOpen ? which : current === which ? null : current));
    // The summary hides while its panel is open: the focus goes into the panel.
    if (isOpen) focusFirstField(container);
  }

  function close(summary: HTMLElement | null) {
    setPanel(null);
    setLatest(null);
    setFormKey((key) => key + 1);
    requestAnimationFrame(() => summary?.focus());
  }

  const initial: Partial<Record<AgentField, string>> = {
    name: agent.name,
    email: agent.email,
    phone: agent.phone ?? '',
    role: agent.role,
    jobTitle: agent.jobTitle ?? '',
  };
  const group = `agent-${agent.id}-actions`;
  const deleted = agent.status === 'deleted';
  const notice = useMemo(() => {
    if (!latest || !(latest.ok || latest === resendState)) return null;
    return latest.ok ? { text: latest.data.message, tone: 'success' as const } : { text: latest.message, tone: 'error' as const };
  }, [latest, resendState]);

  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-start gap-2">
        {deleted ? null : (
          <details name={group} open={panel === 'edit'} onToggle={(event) => toggle('edit', event.currentTarget.open, event.currentTarget)} className="group open:order-last open:basis-full">
            <summary ref={editSummary} className={summaryClass()}>
              <Pencil aria-hidden />
              {labels.edit.open}
            </summary>
            <div role="group" aria-labelledby={`${group}-edit-title`} className="rounded-lg bg-muted p-4">
              <h4 id={`${group}-edit-title`} className="mb-3 font-semibold">
                {sentences.editTitle}
              </h4>
              <AgentForm
                key={formKey}
                idPrefix={`edit-${agent.id}`}
                formAction={updateAction}
                failure={updateFailure}
                initial={initial}
                agentId={agent.id}
                labels={labels.edit}
                onCancel={() => close(editSummary.current)}
              />
            </div>
          </details>
        )}
        {deleted || !isSelf ? (
          <ConfirmPanel
            group={group}
            agentId={agent.id}
            open={panel === 'confirm'}
            onToggle={(isOpen, container) => toggle('confirm', isOpen, container)}
            onCancel={() => close(confirmSummary.current)}
            summaryRef={confirmSummary}
            {...(deleted
              ? { formAction: restoreAction, failure: restoreFailure, question: sentences.restoreQuestion, labels: labels.restore, icon: <RotateCcw aria-hidden /> }
              : { formAction: deleteAction, failure: deleteFailure, question: sentences.deleteQuestion, labels: labels.delete, icon: <Trash2 aria-hidden />, destructive: true })}
          />
        ) : null}
        {agent.status === 'emailNotVerified' ? (
          <form action={resendAction}>
            <input type="hidden" name="agentId" value={agent.id} />
            <SubmitButton label={labels.resend.submit} pendingLabel={labels.resend.submitting} icon={<Mail aria-hidden />} variant="outline" size="sm" />
          </form>
        ) : null}
      </div>
      <AgentNotice owner={agent.id} notice={notice} dismissLabel={labels.dismiss} className="mt-2" />
    </div>
  );
}

function summaryClass(destructive = false) {
  return buttonVariants({
    variant: 'outline',
    size: 'sm',
    className: cn('cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden', destructive && 'border-destructive/60 text-destructive'),
  });
}

/** The second step of delete or restore: the question, the confirming button and a way back. */
function ConfirmPanel({
  group,
  agentId,
  open,
  onToggle,
  onCancel,
  summaryRef,
  formAction,
  failure,
  question,
  labels,
  icon,
  destructive = false,
}: {
  group: string;
  agentId: string;
  open: boolean;
  onToggle: (isOpen: boolean, container: HTMLElement) => void;
  onCancel: () => void;
  summaryRef: RefObject<HTMLElement | null>;
  formAction: (formData: FormData) => void;
  failure: Extract<NonNullable<AgentCommandState>, { ok: false }> | null;
  question: string;
  labels: ConfirmLabels;
  icon: ReactNode;
  destructive?: boolean;
}) {
  const questionId = `${group}-question`;
  return (
    <details name={group} open={open} onToggle={(event) => onToggle(event.currentTarget.open, event.currentTarget)} className="group open:order-last open:basis-full">
      <summary ref={summaryRef} className={summaryClass(destructive)}>
        {icon}
        {labels.open}
      </summary>
      <form action={formAction} className="grid gap-3 rounded-lg bg-muted p-4">
        <input type="hidden" name="agentId" value={agentId} />
        <p id={questionId} className="font-medium">
          {question}
        </p>
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <SubmitButton label={labels.confirm} pendingLabel={labels.confirming} describedBy={questionId} destructive={destructive} autoFocusTarget />
          <Button type="button" variant="outline" onClick={onCancel}>
            {labels.cancel}
          </Button>
        </div>
      </form>
    </details>
  );
}
