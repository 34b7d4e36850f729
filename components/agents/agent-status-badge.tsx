import { cn } from '@/components/ui/cn';
import type { AgentStatus } from '@/server/agents/agent-queries';

const STATUS_STYLES: Record<AgentStatus, string> = {
  active: 'border-success/40 bg-success/10 text-success',
  emailNotVerified: 'border-amber-500/40 bg-amber-50 text-amber-800',
  deleted: 'border-border bg-muted text-muted-foreground',
};

/** An agent's status as a coloured pill (spec §4: normal is shown as Active). */
export function AgentStatusBadge({ status, label }: { status: AgentStatus; label: string }) {
  return (
    <span className={cn('inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_STYLES[status])}>{label}</span>
  );
}
