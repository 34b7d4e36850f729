'use client';

import { useEffect, useRef } from 'react';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { AgentFormState } from '@/server/agents/agent-actions';
import type { AgentField } from '@/shared/agents/agent-schema';
import { ROLES } from '@/shared/auth/permissions';
import type { AgentFormLabels } from './agent-labels';
import { SubmitButton } from '@/components/forms/submit-button';

type Props = {
  /** Makes the fields' ids unique on a page with many agent forms. */
  idPrefix: string;
  formAction: (formData: FormData) => void;
  /** The failure to show, if any: its messages and what the admin entered. */
  failure: Extract<NonNullable<AgentFormState>, { ok: false }> | null;
  initial: Partial<Record<AgentField, string>>;
  /** Set when editing an agent. */
  agentId?: string;
  labels: AgentFormLabels;
  onCancel: () => void;
};

/**
 * The agent's fields, for the new-agent and the edit form. A plain form posting to its server
 * action, so it works before hydration; a failed submit keeps what was typed and moves the focus
 * to the first field in error.
 */
export function AgentForm({ idPrefix, formAction, failure, initial, agentId, labels, onCancel }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const values = failure?.values ?? initial;
  const errors = failure?.fieldErrors ?? {};
  const id = (field: AgentField) => `${idPrefix}-${field}`;

  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  return (
    <form ref={formRef} action={formAction} noValidate className="grid gap-4" aria-describedby={failure ? `${idPrefix}-error` : undefined}>
      {agentId ? <input type="hidden" name="agentId" value={agentId} /> : null}
      {failure ? (
        <p id={`${idPrefix}-error`} role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {failure.message}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <FormField name={id('name')} label={labels.fields.name} hint={labels.hints.name} error={errors.name}>
          <Input name="name" required maxLength={100} autoComplete="off" defaultValue={values.name} data-autofocus />
        </FormField>
        <FormField name={id('email')} label={labels.fields.email} hint={labels.hints.email} error={errors.email}>
          <Input name="email" type="email" required maxLength={254} autoComplete="off" spellCheck={false} defaultValue={values.email} />
        </FormField>
        <FormField name={id('phone')} label={labels.fields.phone} hint={labels.hints.phone} error={errors.phone}>
          <Input name="phone" type="tel" maxLength={20} autoComplete="off" defaultValue={values.phone} />
        </FormField>
        <FormField name={id('jobTitle')} label={labels.fields.jobTitle} error={errors.jobTitle}>
          <Input name="jobTitle" maxLength={100} autoComplete="off" defaultValue={values.jobTitle} />
        </FormField>
        <FormField name={id('role')} label={labels.fields.role} error={errors.role}>
          <select
            name="role"
            required
            defaultValue={values.role ?? 'junior'}
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive md:text-sm"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {labels.roles[role]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton label={labels.submit} pendingLabel={labels.submitting} />
        <Button type="button" variant="outline" onClick={onCancel}>
          {labels.cancel}
        </Button>
      </div>
    </form>
  );
}
