import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';

/**
 * Previous / next links for a list paged in SQL. `params` are the page's current search
 * parameters (filters kept); `page` is 1-based; `hasNext` comes from fetching one row more.
 */
export async function OpsPager({ path, params, page, hasNext }: { path: string; params: Record<string, string | undefined>; page: number; hasNext: boolean }) {
  const t = await getTranslations('ops.common');
  const href = (target: number) => {
    const query = new URLSearchParams(Object.entries({ ...params, page: String(target) }).filter((entry): entry is [string, string] => Boolean(entry[1])));
    return `${path}?${query}`;
  };
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t('pageOf', { page })} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <NextLink href={href(page - 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="prev">
          {t('previous')}
        </NextLink>
      ) : (
        <span />
      )}
      <span>{t('pageOf', { page })}</span>
      {hasNext ? (
        <NextLink href={href(page + 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })} rel="next">
          {t('next')}
        </NextLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
