'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * While a guest's payment is still with the provider, renders the page again every few seconds
 * (each render asks the provider anew) for up to two minutes; the page then shows the result.
 */
export function RefreshWhilePending({ intervalMs = 3000, timeoutMs = 120_000 }: { intervalMs?: number; timeoutMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > timeoutMs) window.clearInterval(timer);
      else router.refresh();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [router, intervalMs, timeoutMs]);
  return null;
}
