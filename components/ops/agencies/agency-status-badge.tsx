import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';

const TONES = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  active: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  suspended: 'border-destructive/40 bg-destructive/10 text-destructive',
  rejected: 'border-muted-foreground/30 bg-muted text-muted-foreground',
} as const;

export async function AgencyStatusBadge({ status }: { status: keyof typeof TONES }) {
  const t = await getTranslations('opsAgencies.statuses');
  return <span className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-medium', TONES[status])}>{t(status)}</span>;
}

export async function OverdueBadge() {
  const t = await getTranslations('opsAgencies.list');
  return <span className="inline-block rounded-full border border-destructive/40 bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">{t('overdue')}</span>;
}
