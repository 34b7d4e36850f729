'use client';

import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { signOut, useSession } from 'next-auth/react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { isLocale, localizedPath } from '@/i18n/locales';
import { Link, usePathname } from '@/i18n/navigation';
import { menuFor } from '@/server/auth/route-access';

/** Sign-in button for visitors; for agents, the role's menu (spec §2 "Header menu"). */
export function AccountMenu() {
  const t = useTranslations('shell');
  const locale = useLocale();
  const pathname = usePathname();
  const { data: session, status } = useSession();

  if (status === 'loading') {
    return <div aria-hidden className="h-10 w-24 animate-pulse rounded-lg bg-muted" />;
  }
  if (!session?.user?.role) {
    const callbackUrl = pathname === '/sign-in' ? undefined : localizedPath(isLocale(locale) ? locale : 'en', pathname);
    return (
      <Button asChild size="sm" className="h-9">
        <Link href={{ pathname: '/sign-in', query: callbackUrl ? { callbackUrl } : {} }}>{t('signIn')}</Link>
      </Button>
    );
  }

  const { user } = session;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-9 px-2 md:px-3" aria-label={t('accountMenu')}>
          <UserRound aria-hidden />
          <span className="hidden max-w-40 truncate md:inline">{user.name ?? user.email}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-muted-foreground">{t('signedInAs', { email: user.email ?? '' })}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuFor(user.role).map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link href={item.href}>{t(`menu.${item.key}`)}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => signOut({ redirectTo: localizedPath(isLocale(locale) ? locale : 'en', '/') })}
        >
          <LogOut aria-hidden className="size-4" />
          {t('logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
