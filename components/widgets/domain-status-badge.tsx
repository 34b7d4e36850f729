import { cn } from '@/components/ui/cn';
import type { WidgetDomainStatus } from '@/shared/widgets/widget-schema';

const TONE: Record<WidgetDomainStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  verified: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
};

/** A widget domain's verification status (spec §4), in words and colour. */
export function DomainStatusBadge({ status, label }: { status: WidgetDomainStatus; label: string }) {
  return (
    <span data-domain-status={status} className={cn('inline-flex w-fit rounded-full border px-2 py-0.5 text-xs font-medium', TONE[status])}>
      {label}
    </span>
  );
}
