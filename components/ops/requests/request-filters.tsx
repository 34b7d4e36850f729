import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import type { RequestFilters } from '@/server/ops/requests/request-schema';
import { REQUEST_REASONS } from '@/server/ops/requests/request-schema';

const CONTROL = 'h-10 w-full rounded-lg border border-input bg-background px-3 text-sm';

/** The queue's filters: a plain GET form, so it works before hydration and the URL keeps them. */
export async function RequestFiltersForm({ action, filters, agencies }: { action: string; filters: RequestFilters; agencies: { id: string; name: string }[] }) {
  const [t, common] = await Promise.all([getTranslations('opsRequests'), getTranslations('ops.common')]);
  return (
    <form method="get" action={action} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <label className="grid gap-1 text-sm">
        {t('filters.agency')}
        <select name="agency" defaultValue={filters.agency ?? ''} className={CONTROL}>
          <option value="">{t('filters.anyAgency')}</option>
          {agencies.map((agency) => (
            <option key={agency.id} value={agency.id}>
              {agency.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        {t('filters.reason')}
        <select name="reason" defaultValue={filters.reason ?? ''} className={CONTROL}>
          <option value="">{t('filters.anyReason')}</option>
          {REQUEST_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reasons.${reason}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        {t('filters.from')}
        <input type="date" name="from" defaultValue={filters.from ?? ''} className={CONTROL} />
      </label>
      <label className="grid gap-1 text-sm">
        {t('filters.to')}
        <input type="date" name="to" defaultValue={filters.to ?? ''} className={CONTROL} />
      </label>
      <Button type="submit" variant="outline">
        {common('filter')}
      </Button>
    </form>
  );
}
