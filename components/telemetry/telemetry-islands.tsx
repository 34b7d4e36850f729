'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef } from 'react';
import type { PostHogSettings } from '@/shared/telemetry/posthog-settings';
import { ReplayIsland } from './replay/replay-island';
import { configureTelemetry, loadTelemetry, whenTelemetryLoaded } from './telemetry-loader';

/** The user's first act that makes the page interactive for them: the SDK loads then if idle has not come. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * How long after the load event the SDK waits before asking for an idle moment: the page's own
 * hydration and first requests go first, and the SDK's evaluation (a long task on a slow phone)
 * stays out of the page's load, where it would count as blocking time. A first interaction does
 * not wait.
 */
const AFTER_LOAD_MS = 5_000;

/** How long the browser may then stay busy before the SDK loads anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * The one telemetry island of every root layout (portal, public pages, widget sites, embeds, the
 * console). It renders nothing, and loads the telemetry SDK only once the page is interactive: at
 * the first idle moment from 5 s after the load event, or at the user's first interaction,
 * whichever comes first. The SDK is never on the critical path and never in a page's first-load JS.
 * The session replay's island (./replay) loads its recorder the same way, when the session is
 * sampled.
 */
export function TelemetryIslands({ posthog }: { posthog: PostHogSettings | null }) {
  const posthogKey = posthog?.key ?? null;
  const posthogHost = posthog?.host ?? null;
  useEffect(() => {
    configureTelemetry({ posthog: posthogKey && posthogHost ? { key: posthogKey, host: posthogHost } : null });
    let delay: ReturnType<typeof setTimeout> | null = null;
    let idle: number | null = null;
    const stop = () => {
      window.removeEventListener('load', afterLoad);
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, start, true);
      if (delay !== null) clearTimeout(delay);
      if (idle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
    function start() {
      stop();
      void loadTelemetry();
    }
    function whenIdle() {
      // Safari has no requestIdleCallback: the delay alone stands in.
      idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(start, 0);
    }
    function afterLoad() {
      delay = setTimeout(whenIdle, AFTER_LOAD_MS);
    }
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    for (const type of FIRST_INTERACTION) window.addEventListener(type, start, { capture: true, passive: true, once: true });
    return stop;
  }, [posthogKey, posthogHost]);

  return (
    // useSearchParams needs a Suspense boundary on a static page; the watcher renders nothing either way.
    <>
      <Suspense fallback={null}>
        <RouteWatcher />
      </Suspense>
      {/* Session replay: its own island, which waits for the SDK's session cookie (docs/telemetry.md#replay). */}
      <ReplayIsland />
    </>
  );
}

/** A route change (app router: path or query) is a page view, once the SDK is there. */
function RouteWatcher() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const first = useRef(true);
  useEffect(() => {
    // The first page's view is the SDK's own, when it loads.
    if (first.current) {
      first.current = false;
      return;
    }
    whenTelemetryLoaded((telemetry) => telemetry.routeChanged());
  }, [pathname, search]);
  return null;
}
