'use client';

import NextLink from 'next/link';
import { useParams } from 'next/navigation';
import type { ComponentProps } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale, type LocaleHref, localizeHref } from '@/i18n/locales';

/** The page's locale, from the route (`/[locale]/[variant]/…`): no client translation runtime needed. */
export function useRouteLocale(): Locale {
  const { locale } = useParams<{ locale?: string }>();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** `next/link` to a locale-free path, kept in the current language. */
export function LocaleLink({ href, ...props }: Omit<ComponentProps<typeof NextLink>, 'href'> & { href: LocaleHref }) {
  return <NextLink href={localizeHref(useRouteLocale(), href)} {...props} />;
}
