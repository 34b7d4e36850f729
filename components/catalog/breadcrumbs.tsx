import { ChevronRight } from '@/components/icons/icons';
import { LocaleLink } from '@/components/i18n/locale-link';

export type Crumb = { name: string; href: string };

/** The visible trail; its JSON-LD twin comes from breadcrumbJsonLd. */
export function Breadcrumbs({ items, label }: { items: Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.href} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden className="size-4" /> : null}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-foreground">
                {item.name}
              </span>
            ) : (
              <LocaleLink href={item.href} className="hover:text-primary hover:underline">
                {item.name}
              </LocaleLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function breadcrumbJsonLd(items: Crumb[], absolute: (href: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absolute(item.href),
    })),
  };
}
