'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** Below this, a navigation feels instant and a spinner would only flash. */
const SHOW_AFTER_MS = 150;
/** A navigation that never lands (aborted, failed) must not leave the page covered. */
const GIVE_UP_AFTER_MS = 15_000;

function isInternalNavigation(event: MouseEvent): URL | null {
  if (event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) {
    return null;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // Only a new pathname ends the spinner, so query- or hash-only changes never start it.
  if (url.pathname === window.location.pathname) return null;
  return url;
}

/**
 * The app router has no route-change events, so link clicks start the spinner and the new
 * pathname stops it (spec §2: a full-screen spinner replaces the page during route changes).
 */
export function RouteChangeSpinner({ label }: { label: string }) {
  const pathname = usePathname();
  /** The path the visitor is leaving, while a navigation from it is pending. */
  const [pendingFrom, setPendingFrom] = useState<{ path: string } | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) setPendingFrom({ path: window.location.pathname });
    };
    // Capture phase: Next's Link prevents the default before the event bubbles to the document.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    // A new pathname means the navigation finished.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reacting to the router, an external system
    setPendingFrom(null);
    setVisible(false);
  }, [pathname]);

  useEffect(() => {
    if (pendingFrom === null) return;
    const stop = () => {
      setPendingFrom(null);
      setVisible(false);
    };
    // The browser may already be on the new page (the router's update can land before this
    // effect runs): then there is nothing to wait for.
    const show = window.setTimeout(() => (window.location.pathname === pendingFrom.path ? setVisible(true) : stop()), SHOW_AFTER_MS);
    const giveUp = window.setTimeout(stop, GIVE_UP_AFTER_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(giveUp);
    };
  }, [pendingFrom]);

  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-background" data-testid="route-spinner">
      <Spinner label={label} />
    </div>
  );
}
