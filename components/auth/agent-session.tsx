'use client';

import type { Session } from 'next-auth';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { reportClientError } from '@/components/errors/report-client-error';
import { signOutAndGoHome } from '@/components/http/sign-out';
import { publishAgentEmail } from '@/components/telemetry/telemetry-loader';
import { SESSION_HINT_CLASS } from '@/shared/auth/session-hint';
import { announceSessionChange, notifyHintListeners, onSessionAnnounced, readHint, subscribeToHint, writeHint } from './session-signals';

export type AgentSession =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: Session['user'] };

type AgentSessionContextValue = {
  session: AgentSession;
  /** Asks the server again, e.g. right after signing in. */
  refresh: () => Promise<AgentSession>;
};

/** Spec §4 "optionally on a timed poll": how often a visible, online tab asks again. */
export const SESSION_POLL_MS = 60_000;

const ANONYMOUS: AgentSession = { status: 'anonymous' };
const LOADING: AgentSession = { status: 'loading' };

const AgentSessionContext = createContext<AgentSessionContextValue>({
  session: ANONYMOUS,
  refresh: () => Promise.resolve(ANONYMOUS),
});

function fromServer(session: Session | null): AgentSession {
  return session?.user?.role ? { status: 'authenticated', user: session.user } : ANONYMOUS;
}

// Auth.js's endpoint, fetched directly rather than through the API helper: a background check
// must not toast, and its "nobody" answer is itself the signal the provider acts on. Spec §8: a
// failure to load it is logged as CLIENT_SESSION_ERROR (an abort, the page moving on, is none).
async function fetchSession(signal?: AbortSignal): Promise<AgentSession> {
  try {
    const response = await fetch('/api/auth/session', { signal, cache: 'no-store' });
    if (!response.ok) throw new Error(`session check answered ${response.status}`);
    return fromServer((await response.json()) as Session | null);
  } catch (error) {
    if (!signal?.aborted) {
      const failure = error instanceof Error ? error : new Error(String(error));
      reportClientError({ code: 'CLIENT_SESSION_ERROR', message: failure.message, stack: failure.stack });
    }
    throw error;
  }
}

/**
 * Who is signed in, for client islands. Portal pages pass the server's session (`null` for a
 * visitor). Public pages are static and pass nothing: they render for a visitor, and ask the
 * server only when the hint cookie says an agent signed in in this browser.
 *
 * Spec §4: the session is asked for again when another tab signs in or out (a storage event),
 * when the tab is shown again, and every SESSION_POLL_MS while it is visible and online; on a
 * public page only while the hint is there, so a visitor's browser never asks. On a portal page a
 * session found ended signs out and goes home (spec §2's gate). Every answer is a new object, so
 * `useAgentSession()` changing identity means "the session was just checked" (the header's
 * balance refetches on it).
 */
export function AgentSessionProvider({ session, children }: { session?: Session | null; children: ReactNode }) {
  // null while hydrating: the server cannot read the cookie and rendered for a visitor; an agent's
  // browser switches right after.
  const hint = useSyncExternalStore(subscribeToHint, readHint, () => null);
  const hinted = hint === true;
  // The latest answer of a check made in this browser, which beats the page's own.
  const [checked, setChecked] = useState<AgentSession | null>(null);
  const serverKnown = useMemo(() => (session === undefined ? null : fromServer(session)), [session]);
  // A portal page rendered anew by the server brings a newer session than any earlier check.
  const [checkedSince, setCheckedSince] = useState(serverKnown);
  if (checkedSince !== serverKnown) {
    setCheckedSince(serverKnown);
    setChecked(null);
  }
  const portal = serverKnown !== null;
  const current = currentSession(serverKnown, hinted, checked);

  // Read by the listeners below, which live as long as the provider.
  const latest = useRef({ portal, status: current.status });
  useLayoutEffect(() => {
    latest.current = { portal, status: current.status };
  });

  const takeAnswer = useCallback((answer: AgentSession, { announce }: { announce: boolean }) => {
    const before = latest.current;
    setChecked(answer);
    // A hint outliving its session (expired, signed out elsewhere) is dropped with the answer.
    writeHint(answer.status === 'authenticated');
    const signedIn = answer.status === 'authenticated';
    if (announce && before.status !== 'loading' && signedIn !== (before.status === 'authenticated')) announceSessionChange();
    if (before.portal && !signedIn) void signOutAndGoHome();
  }, []);

  const agentEmail = current.status === 'authenticated' ? (current.user.email ?? null) : current.status === 'anonymous' ? null : undefined;
  useEffect(() => {
    // Spec §1: telemetry and analytics know the signed-in agent by e-mail, read here in the
    // browser (a cached public page's HTML never carries it); a sign-out clears it.
    publishAgentEmail(agentEmail);
  }, [agentEmail]);

  useEffect(() => {
    // On a portal page the server knows: the hint follows it and lives on while the session does.
    if (serverKnown) writeHint(serverKnown.status === 'authenticated');
  }, [serverKnown]);

  useEffect(() => {
    // A static page asks when the hint says an agent signed in here, unless the answer that
    // wrote the hint is the one showing (a sign-in on this page).
    if (serverKnown || !hinted || latest.current.status === 'authenticated') return;
    const controller = new AbortController();
    fetchSession(controller.signal)
      .then((answer) => takeAnswer(answer, { announce: false }))
      // A failed check shows the visitor's view; the next page load asks again.
      .catch(() => controller.signal.aborted || setChecked(ANONYMOUS));
    return () => controller.abort();
  }, [serverKnown, hinted, takeAnswer]);

  const refresh = useCallback(async () => {
    const answer = await fetchSession();
    takeAnswer(answer, { announce: true });
    return answer;
  }, [takeAnswer]);

  useEffect(() => {
    let running = false;
    // Another check already under way answers for this one too. A failed background check
    // changes nothing: the next trigger asks again.
    const recheck = () => {
      // The hint read now: it may have changed in another tab since this one last rendered.
      if (running || !(latest.current.portal || readHint())) return;
      running = true;
      fetchSession()
        .then((answer) => takeAnswer(answer, { announce: false }))
        .catch(() => undefined)
        .finally(() => (running = false));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    const stopListening = onSessionAnnounced(() => {
      // The other tab changed the hint cookie too: this one's readers look again.
      notifyHintListeners();
      recheck();
    });
    const poll = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) recheck();
    }, SESSION_POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopListening();
      window.clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [takeAnswer]);

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
