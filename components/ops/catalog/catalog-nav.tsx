import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { localizedPath, type Locale } from '@/i18n/locales';

/** Links between the catalogue's console pages. */
export async function CatalogNav({ locale }: { locale: Locale }) {
  const t = await getTranslations('opsCatalog.nav');
  const links = [
    { href: '/ops/catalog', label: t('tours') },
    { href: '/ops/catalog/tours/new', label: t('newTour') },
    { href: '/ops/catalog/places', label: t('places') },
    { href: '/ops/catalog/hotels', label: t('hotels') },
    { href: '/ops/catalog/promos', label: t('promos') },
  ];
  return (
    <nav aria-label={t('label')} className="flex flex-wrap gap-2">
      {links.map((link) => (
        <NextLink key={link.href} href={localizedPath(locale, link.href)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {link.label}
        </NextLink>
      ))}
    </nav>
  );
}
