'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useAgentSession } from '@/components/auth/agent-session';
import { LocaleLink } from '@/components/i18n/locale-link';
import { LOCALES } from '@/i18n/locales';
import type { MenuKey } from '@/shared/auth/route-access';
import type { HeaderBalanceLabels } from './header-balance';

export type AccountMenuLabels = {
  signIn: string;
  /** Raw message with a `{name}` placeholder: the account button's name, with the name it shows. */
  accountMenuFor: string;
  /** Raw message with an `{email}` placeholder. */
  signedInAs: string;
  logout: string;
  menu: Record<MenuKey, string>;
  balance: HeaderBalanceLabels;
};

// The dropdown (Radix) and the balance load only for signed-in agents; visitors never download
// them. A portal page knows its agent on the server and renders the menu there (its chunk comes
// with that page only); a static page learns of an agent in the browser and loads it then.
const SignedInMenu = dynamic(() => import('./signed-in-menu').then((module) => module.SignedInMenu), {
  loading: () => <MenuPlaceholder />,
});

/** Holds the account button's place while it is unknown or loading: empty, not a grey pill. */
function MenuPlaceholder() {
  return <div aria-hidden className="h-9 w-20 md:w-32" />;
}

/** The home page in any locale: `/`, `/ru`. */
const HOME_PATH = new RegExp(`^/(${LOCALES.join('|')})?/?$`);

// The look of buttonVariants({ size: 'sm' }), spelled out: the class merger stays out of public bundles.
const SIGN_IN_CLASS =
  'inline-flex h-9 items-center justify-center rounded-lg bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none';

/** Sign-in button for visitors; for agents, the role's menu (spec §2 "Header menu"). */
export function AccountMenu({ labels }: { labels: AccountMenuLabels }) {
  // The browser's path is already localized, so it is the way back as it stands.
  const pathname = usePathname();
  const session = useAgentSession();

  if (session.status === 'loading') return <MenuPlaceholder />;
  if (session.status === 'anonymous') {
    // From the home page (or the sign-in page) there is no page to go back to: the sign-in then lands on the dashboard.
    const noWayBack = /\/sign-in$/.test(pathname) || HOME_PATH.test(pathname);
    return (
      <LocaleLink href={{ pathname: '/sign-in', query: { callbackUrl: noWayBack ? undefined : pathname } }} className={SIGN_IN_CLASS} data-visitor-only>
        {labels.signIn}
      </LocaleLink>
    );
  }
  return <SignedInMenu user={session.user} labels={labels} />;
}
