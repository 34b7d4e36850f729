'use client';

import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import type { Session } from 'next-auth';
import { signOutAndGoHome } from '@/components/http/sign-out';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LocaleLink } from '@/components/i18n/locale-link';
import { useCustomerView } from '@/components/customer-view/customer-view-store';
import { can } from '@/shared/auth/permissions';
import { menuFor } from '@/shared/auth/route-access';
import type { AccountMenuLabels } from './account-menu';
import { HeaderBalance, MenuBalance } from './header-balance';

export function SignedInMenu({ user, labels }: { user: Session['user']; labels: AccountMenuLabels }) {
  // Customer view hides the agency's money. Until the browser knows the view (the server's HTML,
  // hydration) the balance's place is held, but nothing is asked for.
  const customerView = useCustomerView();
  const seesBalance = can(user.role, 'balance:view') && customerView !== true;
  // The button's name includes what it shows (WCAG 2.5.3, label in name), even where it is hidden.
  const shownName = user.name ?? user.email ?? '';
  return (
    <>
      {seesBalance ? <HeaderBalance labels={labels.balance} waiting={customerView === null} /> : null}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-9 px-2 md:px-3" aria-label={labels.accountMenuFor.replace('{name}', shownName)}>
            <UserRound aria-hidden />
            <span className="hidden max-w-40 truncate md:inline">{shownName}</span>
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="text-muted-foreground">{labels.signedInAs.replace('{email}', user.email ?? '')}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {seesBalance ? <MenuBalance labels={labels.balance} /> : null}
          {menuFor(user.role).map((item) => (
            <DropdownMenuItem key={item.key} asChild>
              <LocaleLink href={item.href}>{labels.menu[item.key]}</LocaleLink>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOutAndGoHome()}>
            <LogOut aria-hidden className="size-4" />
            {labels.logout}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
