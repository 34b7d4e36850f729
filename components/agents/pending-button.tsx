'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** A form's submit button that says what is happening while the form is being sent. */
export function PendingButton({
  label,
  pendingLabel,
  icon,
  destructive = false,
  variant,
  size,
  describedBy,
  autoFocusTarget = false,
}: {
  label: string;
  pendingLabel: string;
  icon?: ReactNode;
  destructive?: boolean;
  variant?: 'default' | 'outline';
  size?: 'default' | 'sm';
  describedBy?: string;
  /** Takes the focus when the panel around it opens. */
  autoFocusTarget?: boolean;
}) {
  const { pending } = useFormStatus();
  return (
    <Button
      type="submit"
      variant={variant}
      size={size}
      disabled={pending}
      aria-busy={pending}
      aria-describedby={describedBy}
      data-autofocus={autoFocusTarget || undefined}
      className={cn(destructive && 'bg-destructive text-primary-foreground hover:bg-destructive/90')}
    >
      {icon}
      {pending ? pendingLabel : label}
    </Button>
  );
}
