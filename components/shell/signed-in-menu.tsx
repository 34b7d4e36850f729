'use client';

import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import type { Session } from 'next-auth';
import { signOut } from 'next-auth/react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type Locale, localizedPath } from '@/i18n/locales';
import { LocaleLink } from '@/components/i18n/locale-link';
import { menuFor } from '@/server/shared/auth/route-access';
import type { AccountMenuLabels } from './account-menu';

export function SignedInMenu({ user, labels, locale }: { user: Session['user']; labels: AccountMenuLabels; locale: Locale }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="h-9 px-2 md:px-3" aria-label={labels.accountMenu}>
          <UserRound aria-hidden />
          <span className="hidden max-w-40 truncate md:inline">{user.name ?? user.email}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-muted-foreground">{labels.signedInAs.replace('{email}', user.email ?? '')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuFor(user.role).map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <LocaleLink href={item.href}>{labels.menu[item.key]}</LocaleLink>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut({ redirectTo: localizedPath(locale, '/') })}>
          <LogOut aria-hidden className="size-4" />
          {labels.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
