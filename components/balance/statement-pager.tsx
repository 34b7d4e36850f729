import { ChevronLeft, ChevronRight } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';

/** Plain links between the pages of a busy month's statement; the page stays in the URL. */
export async function StatementPager({ page, pageCount, pageHref }: { page: number; pageCount: number; pageHref: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('balance.statement');
  return (
    <nav aria-label={t('pages')} className="mt-4 flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <a href={pageHref(page - 1)} rel="prev" className={buttonVariants({ variant: 'outline' })}>
          <ChevronLeft aria-hidden />
          {t('previousPage')}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground" aria-current="page">
        {t('page', { page, count: pageCount })}
      </p>
      {page < pageCount ? (
        <a href={pageHref(page + 1)} rel="next" className={buttonVariants({ variant: 'outline' })}>
          {t('nextPage')}
          <ChevronRight aria-hidden />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
