import { cn } from '@/components/ui/cn';
import type { BookingStatus } from '@/server/bookings/create-booking';

const STATUS_STYLES: Record<BookingStatus, string> = {
  completed: 'border-success/40 bg-success/10 text-success',
  cancelled: 'border-border bg-muted text-muted-foreground',
  quotation_request: 'border-primary/30 bg-primary/10 text-primary',
  payment_required: 'border-amber-500/40 bg-amber-50 text-amber-800',
  payment_failed: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/** A booking's status as a coloured pill (lists, the booking page). */
export function StatusBadge({ status, label, className }: { status: BookingStatus; label: string; className?: string }) {
  return (
    <span className={cn('inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_STYLES[status], className)}>
      {label}
    </span>
  );
}
