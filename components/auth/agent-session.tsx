'use client';

import type { Session } from 'next-auth';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  SESSION_HINT_CLASS,
  SESSION_HINT_COOKIE,
  SESSION_HINT_MAX_AGE_SECONDS,
} from '@/server/shared/auth/session-hint';

export type AgentSession =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: Session['user'] };

type AgentSessionContextValue = {
  session: AgentSession;
  /** Asks the server again, e.g. right after signing in. */
  refresh: () => Promise<AgentSession>;
};

const ANONYMOUS: AgentSession = { status: 'anonymous' };
const LOADING: AgentSession = { status: 'loading' };

const AgentSessionContext = createContext<AgentSessionContextValue>({
  session: ANONYMOUS,
  refresh: () => Promise.resolve(ANONYMOUS),
});

function fromServer(session: Session | null): AgentSession {
  return session?.user?.role ? { status: 'authenticated', user: session.user } : ANONYMOUS;
}

// The hint cookie as an external store: another tab signing in or out changes it, and this tab
// reads it again when it comes back into view.
const hintListeners = new Set<() => void>();

function subscribeToHint(listener: () => void) {
  hintListeners.add(listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    hintListeners.delete(listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

function readHint(): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
}

/** Writes (and so renews) the hint for an agent; clears it for a visitor. */
function writeHint(signedIn: boolean) {
  if (!signedIn && !readHint()) return;
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; path=/; max-age=${SESSION_HINT_MAX_AGE_SECONDS}; samesite=lax`
    : `${SESSION_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
  hintListeners.forEach((listener) => listener());
}

async function fetchSession(signal?: AbortSignal): Promise<AgentSession> {
  const response = await fetch('/api/auth/session', { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`session check answered ${response.status}`);
  return fromServer((await response.json()) as Session | null);
}

/**
 * Who is signed in, for client islands. Portal pages pass the server's session (`null` for a
 * visitor). Public pages are static and pass nothing: they render for a visitor, and ask the
 * server only when the hint cookie says an agent signed in in this browser.
 */
export function AgentSessionProvider({ session, children }: { session?: Session | null; children: ReactNode }) {
  // null while hydrating: the server cannot read the cookie and rendered for a visitor; an agent's
  // browser switches right after.
  const hint = useSyncExternalStore(subscribeToHint, readHint, () => null);
  const hinted = hint === true;
  // The latest answer of a check made in this browser, which beats the page's own.
  const [checked, setChecked] = useState<AgentSession | null>(null);
  const serverKnown = useMemo(() => (session === undefined ? null : fromServer(session)), [session]);

  // A hint outliving its session (expired, signed out elsewhere) is dropped with the answer.
  const takeAnswer = useCallback((answer: AgentSession) => {
    setChecked(answer);
    writeHint(answer.status === 'authenticated');
  }, []);

  useEffect(() => {
    // On a portal page the server knows: the hint follows it and lives on while the session does.
    if (serverKnown) {
      writeHint(serverKnown.status === 'authenticated');
      return;
    }
    if (!hinted) return;
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then(takeAnswer)
      // A failed check shows the visitor's view; the next page load asks again.
      .catch(() => controller.signal.aborted || setChecked(ANONYMOUS));
    return () => controller.abort();
  }, [serverKnown, hinted, takeAnswer]);

  const refresh = useCallback(async () => {
    const answer = await fetchSession();
    takeAnswer(answer);
    return answer;
  }, [takeAnswer]);

  const current = currentSession(serverKnown, hinted, checked);

  useLayoutEffect(() => {
    // The class of SESSION_HINT_SCRIPT hides the visitor's buttons only while the session is
    // unknown: a failed check or a stale hint shows them again. Until hydrated, the script's stands.
    // A layout effect, so the buttons come back in the frame that drops the placeholder.
    if (hint === null) return;
    document.documentElement.classList.toggle(SESSION_HINT_CLASS, current.status === 'loading');
  }, [hint, current.status]);

  const value = useMemo(() => ({ session: current, refresh }), [current, refresh]);
  return <AgentSessionContext value={value}>{children}</AgentSessionContext>;
}

function currentSession(serverKnown: AgentSession | null, hinted: boolean, checked: AgentSession | null): AgentSession {
  // On a static page, a hint gone since the last check means a sign-out (here or in another tab).
  if (!serverKnown && !hinted) return ANONYMOUS;
  return checked ?? serverKnown ?? LOADING;
}

export function useAgentSession(): AgentSession {
  return useContext(AgentSessionContext).session;
}

export function useRefreshAgentSession(): () => Promise<AgentSession> {
  return useContext(AgentSessionContext).refresh;
}
