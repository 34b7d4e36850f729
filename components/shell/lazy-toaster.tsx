'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

export type ToastRequest = { kind: 'message' | 'success' | 'error'; text: string; options?: ExternalToast };

type Sonner = typeof import('sonner');

// Toasts raised before the toaster has loaded wait here; the mounted toaster is woken to show them.
const queued: ToastRequest[] = [];
let wakeToaster: (() => void) | null = null;

/** Shows a toast (spec §2, §8). The first one loads sonner: a page that never toasts never downloads it. */
export function showToast(request: ToastRequest): void {
  queued.push(request);
  wakeToaster?.();
}

/**
 * The page's toaster, rendered only once a toast is asked for. Mounting sonner's at start-up cost
 * every public page a 35 KB script and a forced style recalculation while the page was starting
 * (it reads the document's direction, which `dir` below now gives it).
 */
export function LazyToaster(props: Omit<ToasterProps, 'dir'>) {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [wakes, wake] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    wakeToaster = wake;
    if (queued.length > 0) wake();
    return () => {
      wakeToaster = null;
    };
  }, []);

  useEffect(() => {
    if (wakes === 0) return;
    if (!sonner) {
      void import('sonner').then((module) => setSonner(module));
      return;
    }
    // sonner's Toaster (a child, so its effects ran first) is subscribed by now.
    for (const { kind, text, options } of queued.splice(0)) sonner.toast[kind](text, options);
  }, [wakes, sonner]);

  // A toast speaks of the page it came from: another page closes it (a refused promo code has no
  // business over "Booking confirmed"). Toasts raised for the new page are still queued here.
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    sonner?.toast.dismiss();
  }, [pathname, sonner]);

  // Both languages read left to right.
  return sonner ? <sonner.Toaster dir="ltr" {...props} /> : null;
}
