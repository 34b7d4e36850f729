'use client';

import { useEffect } from 'react';
import { reloadPage } from '@/components/http/navigate';
import { HEALTH_POLL_MS, isServerBack } from './server-outage';

export type MaintenanceLabels = Record<'maintenance' | 'maintenanceText', string>;

/**
 * Spec §8's 'Server is under maintenance', instead of an error screen while the database is
 * down. It asks the server every HEALTH_POLL_MS and reloads the page as soon as it is back.
 */
export function MaintenanceScreen({ labels }: { labels: MaintenanceLabels }) {
  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    // One question at a time: the next waits for the answer, however slow.
    const ask = async () => {
      if (await isServerBack()) {
        if (!stopped) reloadPage();
        return;
      }
      if (!stopped) timer = window.setTimeout(() => void ask(), HEALTH_POLL_MS);
    };
    timer = window.setTimeout(() => void ask(), HEALTH_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="maintenance-screen">
      <h1 className="text-2xl font-semibold">{labels.maintenance}</h1>
      <p className="mt-3 text-muted-foreground">{labels.maintenanceText}</p>
    </section>
  );
}
