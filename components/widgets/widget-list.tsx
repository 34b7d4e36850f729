import { Copy, Pencil } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import type { WidgetListItem } from '@/server/widgets/widget-queries';
import { DomainStatusBadge } from './domain-status-badge';
import { WidgetRowActions } from './widget-row-actions';

/** Spec §2 "Widgets list": name, type, domain and its status, offers, updated; edit, duplicate, delete. */
export async function WidgetList({ widgets, locale }: { widgets: WidgetListItem[]; locale: Locale }) {
  const t = await getTranslations('widgets');
  if (widgets.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-border bg-muted p-6 text-muted-foreground">
        {t('empty')}
      </p>
    );
  }
  const labels = {
    duplicate: t('duplicate'),
    delete: t('delete'),
    confirm: t('deleteConfirm.confirm'),
    cancel: t('deleteConfirm.cancel'),
    body: t('deleteConfirm.body'),
  };
  return (
    // Relative: the screen-reader labels of columns scrolled out of view stay inside this box
    // instead of widening the page.
    <div className="relative overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[640px] text-sm" data-testid="widget-list">
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('columns.name')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('columns.type')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('columns.domain')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('columns.offers')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('columns.updated')}</th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{t('columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {widgets.map((widget) => (
            <tr key={widget.id} className="border-t border-border align-top" data-widget-id={widget.id}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <LocaleLink href={`/widgets/${widget.id}`} className="text-primary underline-offset-4 hover:underline">
                  {widget.name}
                </LocaleLink>
              </th>
              <td className="px-3 py-2">{t(`types.${widget.type}`)}</td>
              <td className="px-3 py-2">
                {widget.domain ? (
                  <span className="flex flex-col gap-1">
                    <span className="break-all">{widget.domain}</span>
                    {widget.domainStatus ? <DomainStatusBadge status={widget.domainStatus} label={t(`domainStatus.${widget.domainStatus}`)} /> : null}
                  </span>
                ) : (
                  <span className="text-muted-foreground">{t('noDomain')}</span>
                )}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{widget.offersCount}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={widget.updatedAt.toISOString()}>{formatDisplayDate(widget.updatedAt, locale)}</time>
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap items-start justify-end gap-2">
                  <LocaleLink href={`/widgets/${widget.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                    <Pencil aria-hidden className="size-4" />
                    {t('edit')}
                    <span className="sr-only">: {widget.name}</span>
                  </LocaleLink>
                  <WidgetRowActions widgetId={widget.id} name={widget.name} labels={{ ...labels, title: t('deleteConfirm.title', { name: widget.name }) }} icon={<Copy aria-hidden className="size-4" />} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
