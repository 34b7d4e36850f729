'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { ReplaySession } from './replay-session';

// Session replay's island (docs/telemetry.md "## Replay"), mounted in every root layout through
// components/telemetry/telemetry-islands.tsx. It renders nothing and adds only this to a page's
// first load: once the page is idle it loads the recording side (replay-session.ts), which loads
// rrweb only for a session that is recorded.

function afterIdle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (signal.aborted) return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
      else setTimeout(resolve, 1000);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true, signal });
  });
}

export function ReplayIsland() {
  const pathname = usePathname();
  const session = useRef<ReplaySession | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void afterIdle(controller.signal)
      .then(() => import('./replay-session'))
      .then(({ startReplaySession }) => {
        if (!controller.signal.aborted) session.current = startReplaySession();
      })
      .catch(() => {
        // A chunk that failed to load (offline, a new deployment): this page is not recorded.
      });
    return () => {
      controller.abort();
      session.current?.stop();
      session.current = null;
    };
  }, []);

  useEffect(() => {
    session.current?.navigated(pathname);
  }, [pathname]);

  return null;
}
