'use client';

import { useRouter } from 'next/navigation';
import { type ComponentProps, createContext, type ReactNode, useActionState, useContext, useEffect, useRef } from 'react';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { showToast } from '@/components/shell/lazy-toaster';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import type { ActionResult } from '@/server/actions/run-action';

// The console's forms: a server action through runOpsAction, field errors under their fields, a
// toast for the outcome, and the page refreshed on success so lists show the change. Fields are
// plain inputs (the form posts before hydration too); what was typed stays after a refusal.

type OpsActionState = ActionResult<unknown> | null;
export type OpsAction = (previous: OpsActionState, formData: FormData) => Promise<OpsActionState>;

const FieldErrors = createContext<Partial<Record<string, string>>>({});

export function OpsForm({
  action,
  submitLabel,
  pendingLabel,
  successMessage,
  className,
  submitVariant,
  resetOnSuccess = false,
  submissionKey,
  children,
}: {
  action: OpsAction;
  submitLabel: string;
  pendingLabel: string;
  /** Toasted after the action succeeds. */
  successMessage: string;
  className?: string;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  /** Empties the form after success (a new row); editing forms keep their values. */
  resetOnSuccess?: boolean;
  /**
   * For forms whose effect must happen once (money): a key the page makes on each render, which
   * the action stores with what it writes, so a double submit or a retried request repeats
   * nothing. The refresh after a success renders the page again, with a new key for the next one.
   */
  submissionKey?: string;
  children: ReactNode;
}) {
  const [state, formAction] = useActionState<OpsActionState, FormData>(action, null);
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const allowReset = useRef(false);
  useActionFailureFeedback(state);
  useEffect(() => {
    if (!state?.ok) return;
    // Through the shell's lazy toaster: sonner's own `toast` shows nothing until that toaster has loaded.
    showToast({ kind: 'success', text: successMessage });
    if (resetOnSuccess) {
      allowReset.current = true;
      form.current?.reset();
      allowReset.current = false;
    }
    router.refresh();
  }, [state, successMessage, resetOnSuccess, router]);
  const errors = state && !state.ok ? state.fieldErrors : {};
  return (
    <FieldErrors value={errors}>
      {/* React resets a form after its action: what was typed stays, unless a success asks (resetOnSuccess). */}
      <form
        ref={form}
        action={formAction}
        className={cn('grid gap-3', className)}
        noValidate
        onReset={(event) => {
          if (!allowReset.current) event.preventDefault();
        }}
      >
        {state && !state.ok ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {state.message}
          </p>
        ) : null}
        {submissionKey ? <input type="hidden" name="submissionKey" value={submissionKey} /> : null}
        {children}
        <SubmitButton label={submitLabel} pendingLabel={pendingLabel} spinner variant={submitVariant} className="justify-self-start" />
      </form>
    </FieldErrors>
  );
}

const CONTROL_CLASS =
  'w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 aria-invalid:border-destructive md:text-sm';

type FieldBase = { name: string; label: string; hint?: string; id?: string };

/** A labelled input with its error from the enclosing OpsForm. */
export function OpsField({ name, label, hint, id, ...input }: FieldBase & Omit<ComponentProps<'input'>, 'name' | 'id'>) {
  const error = useContext(FieldErrors)[name];
  return (
    <FormField name={name} id={id} label={label} hint={hint} error={error}>
      <Input name={name} {...input} />
    </FormField>
  );
}

export function OpsTextArea({ name, label, hint, id, ...textarea }: FieldBase & Omit<ComponentProps<'textarea'>, 'name' | 'id'>) {
  const error = useContext(FieldErrors)[name];
  return (
    <FormField name={name} id={id} label={label} hint={hint} error={error}>
      <textarea name={name} rows={3} className={CONTROL_CLASS} {...textarea} />
    </FormField>
  );
}

export function OpsSelect({
  name,
  label,
  hint,
  id,
  options,
  ...select
}: FieldBase & { options: { value: string; label: string }[] } & Omit<ComponentProps<'select'>, 'name' | 'id'>) {
  const error = useContext(FieldErrors)[name];
  return (
    <FormField name={name} id={id} label={label} hint={hint} error={error}>
      <select name={name} className={cn(CONTROL_CLASS, 'h-10 py-0')} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** An error for a field the form shows some other way (a checkbox group, a file). */
export function useOpsFieldError(name: string): string | undefined {
  return useContext(FieldErrors)[name];
}
