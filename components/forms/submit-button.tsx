'use client';

import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

type ButtonProps = ComponentProps<typeof Button>;

/**
 * Every form's submit button: disabled and `aria-busy` while its form is being sent, saying so
 * with its pending label (announced politely). Text, look and icon are the call site's.
 */
export function SubmitButton({
  label,
  pendingLabel,
  pending: pendingOverride,
  disabled = false,
  icon,
  spinner = false,
  whilePending,
  destructive = false,
  variant,
  size,
  className,
  describedBy,
  form,
  autoFocusTarget = false,
}: {
  label: string;
  /** Shown instead of `label` while pending; without it the label stays. */
  pendingLabel?: string;
  /** For a form that runs its action in a transition of its own: overrides the form's status. */
  pending?: boolean;
  /** Disabled for another reason than pending (a payment element still loading). */
  disabled?: boolean;
  icon?: ReactNode;
  /** A turning loader while pending, in place of the icon. */
  spinner?: boolean;
  /** Rendered after the button while pending (the checkout's confirming overlay). */
  whilePending?: ReactNode;
  destructive?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  describedBy?: string;
  /** The id of the form it submits, when it sits outside it. */
  form?: string;
  /** Takes the focus when the panel around it opens. */
  autoFocusTarget?: boolean;
}) {
  const status = useFormStatus();
  const pending = pendingOverride ?? status.pending;
  return (
    <>
      <Button
        type="submit"
        form={form}
        variant={variant}
        size={size}
        disabled={pending || disabled}
        aria-busy={pending}
        aria-describedby={describedBy}
        data-autofocus={autoFocusTarget || undefined}
        className={cn(destructive && 'bg-destructive text-primary-foreground hover:bg-destructive/90', className)}
      >
        {pending && spinner ? <LoaderCircle aria-hidden className="animate-spin" /> : icon}
        {pendingLabel === undefined ? label : <span aria-live="polite">{pending ? pendingLabel : label}</span>}
      </Button>
      {pending ? whilePending : null}
    </>
  );
}
