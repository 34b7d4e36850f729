import { announceSessionChange, writeHint } from '@/components/auth/session-signals';
import { localizedPath, toLocale } from '@/i18n/locales';
import { goTo } from './navigate';

let signingOut: Promise<void> | null = null;

/**
 * The menu's Logout; spec §8 "401 → sign out and go to home"; and spec §2's gate for a session
 * that ended while a portal page was open. Ends the Auth.js session (its cookie may outlive a revoked session),
 * tells the other tabs, and loads the home page in the page's language. Several requests failing
 * at once sign out once.
 */
export function signOutAndGoHome(): Promise<void> {
  signingOut ??= (async () => {
    writeHint(false);
    try {
      // next-auth/react loads only now: no page downloads it up front.
      const { signOut } = await import('next-auth/react');
      await signOut({ redirect: false });
    } catch {
      // The cookie could not be cleared now (offline, server down); the page load below still
      // leaves the portal, and every portal page re-checks the session on the server.
    }
    // After the sign-out, so the other tabs' checks find the session gone.
    announceSessionChange();
    const lang = document.documentElement.lang;
    goTo(localizedPath(toLocale(lang), '/'));
  })();
  return signingOut;
}
