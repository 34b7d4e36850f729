'use client';

import { useSyncExternalStore } from 'react';
import { customerViewOfCookieHeader } from '@/shared/auth/customer-view';

// The device's customer view as the browser knows it: the cookie the server also reads
// (shared/auth/customer-view.ts). Islands that hold agent-only data (the tour page's NET rates,
// the header's balance) follow it at once when the switch moves, without waiting for a reload.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): boolean {
  return customerViewOfCookieHeader(document.cookie);
}

/** Tells the islands that the cookie changed (the switch's action has answered). */
export function announceCustomerView(): void {
  for (const listener of listeners) listener();
}

/**
 * The customer view: true or false in the browser, null while rendering on the server or
 * hydrating (a static page's HTML is the same for everyone, so it cannot know the cookie).
 */
export function useCustomerView(): boolean | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
