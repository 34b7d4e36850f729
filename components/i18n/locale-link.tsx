'use client';

import NextLink from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';
import { type Locale, type LocaleHref, localizeHref, toLocale } from '@/i18n/locales';

/** The page's locale, from the route (`/[locale]/[variant]/…`): no client translation runtime needed. */
export function useRouteLocale(): Locale {
  const { locale } = useParams<{ locale?: string }>();
  return toLocale(locale);
}

type LocaleLinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'prefetch'> & { href: LocaleHref };

/**
 * `next/link` to a locale-free path, kept in the current language.
 *
 * It prefetches when the visitor reaches for the link (pointer over it, touch, keyboard focus),
 * not when it scrolls into view: viewport prefetching fetched and parsed the payloads of every
 * breadcrumb, header and footer link while a phone was still starting the page, which was a
 * third of the tour page's blocked main thread under Lighthouse.
 */
export function LocaleLink({ href, onMouseEnter, onTouchStart, onFocus, ...props }: LocaleLinkProps) {
  const router = useRouter();
  const localized = localizeHref(useRouteLocale(), href);
  const prefetch = () => router.prefetch(localized);
  return (
    <NextLink
      href={localized}
      prefetch={false}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
