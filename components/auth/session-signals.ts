import { SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_SECONDS } from '@/shared/auth/session-hint';

// What tabs of one browser tell each other about the session. The hint cookie says "an agent
// signed in here" (server/auth/session-hint.ts); a localStorage entry announces a sign-in or
// sign-out, because a `storage` event reaches every other tab of the origin at once, where the
// cookie would only be noticed when that tab next looks.

/** The localStorage key whose changes announce a sign-in or sign-out to the other tabs. */
export const SESSION_BROADCAST_KEY = 'td-session-changed';

const hintListeners = new Set<() => void>();

/** For useSyncExternalStore: the hint changes here, in another tab, or while this tab was hidden. */
export function subscribeToHint(listener: () => void): () => void {
  hintListeners.add(listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    hintListeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

export function readHint(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
}

/** Tells the hint's readers to look again (e.g. another tab announced a change). */
export function notifyHintListeners(): void {
  hintListeners.forEach((listener) => listener());
}

/** Writes (and so renews) the hint for an agent; clears it for a visitor. */
export function writeHint(signedIn: boolean): void {
  if (!signedIn && !readHint()) return;
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; path=/; max-age=${SESSION_HINT_MAX_AGE_SECONDS}; samesite=lax`
    : `${SESSION_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
  notifyHintListeners();
}

/** Tells the other tabs that this one saw the agent sign in or out. */
export function announceSessionChange(): void {
  try {
    // A new value each time: an unchanged one fires no storage event.
    localStorage.setItem(SESSION_BROADCAST_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode, quota): the other tabs still catch up when they are shown.
  }
}

/** Calls `listener` when another tab announces a change; returns the unsubscribe. */
export function onSessionAnnounced(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_BROADCAST_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
