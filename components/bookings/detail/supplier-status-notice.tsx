import { CircleAlert, Clock } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import type { SupplierState } from '@/server/suppliers/booking/supplier-state';

/**
 * Where a supplier's booking stands at its supplier, when the agent must know: paid but not yet
 * answered ("awaiting supplier confirmation"), or refused there (spec §4 "payment failed (booking
 * not confirmed)", with where the money went). With `showReference`, the supplier's reference of
 * a confirmed booking.
 */
export async function SupplierStatusNotice({
  state,
  paymentMethod,
  showReference = false,
  className,
}: {
  state: SupplierState | null;
  paymentMethod: string;
  showReference?: boolean;
  className?: string;
}) {
  if (!state) return null;
  const t = await getTranslations('supplierBooking');
  if (state.status === 'awaiting_supplier') {
    return (
      <p role="status" className={cn('flex items-start gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-amber-950', className)} data-testid="supplier-awaiting">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0" />
        {t('awaiting')}
      </p>
    );
  }
  if (state.status === 'failed') {
    const text = paymentMethod === 'balance' ? t('notConfirmedBalance') : paymentMethod === 'cash' || paymentMethod === 'request' ? t('notConfirmed') : t('notConfirmedCard');
    return (
      <p role="alert" className={cn('flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive', className)} data-testid="supplier-not-confirmed">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        {text}
      </p>
    );
  }
  if (showReference && state.status === 'confirmed' && state.reference) {
    return (
      <p className={cn('text-sm', className)}>
        <span className="text-muted-foreground">{t('supplierReference')}: </span>
        <span className="font-mono font-semibold" data-testid="supplier-reference">
          {state.reference}
        </span>
      </p>
    );
  }
  return null;
}
