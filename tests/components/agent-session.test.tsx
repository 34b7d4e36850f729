// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Session } from 'next-auth';
import { AgentSessionProvider, SESSION_POLL_MS, useAgentSession, useRefreshAgentSession } from '@/components/auth/agent-session';
import { SESSION_BROADCAST_KEY } from '@/components/auth/session-signals';
import { SESSION_HINT_CLASS, SESSION_HINT_COOKIE } from '@/shared/auth/session-hint';
import { signOutEndpoints } from '../support/auth-endpoints';
import { telemetryCollector } from '../support/telemetry-collector';

const navigation = vi.hoisted(() => ({ goTo: vi.fn(), reloadPage: vi.fn() }));
vi.mock('@/components/http/navigate', () => navigation);

const AGENT: Session = {
  expires: '2026-11-26T00:00:00.000Z',
  user: { id: 'a1', role: 'senior', agencyId: 'g1', email: 'senior@desertrose.test', name: 'Senior' },
};

let sessionAnswer: Session | null = AGENT;
let sessionRequests = 0;
let signOuts = 0;
const collector = telemetryCollector();
const server = setupServer(
  http.get('*/api/auth/session', () => {
    sessionRequests += 1;
    return HttpResponse.json(sessionAnswer);
  }),
  ...collector.handlers,
  ...signOutEndpoints(() => (signOuts += 1)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sessionAnswer = AGENT;
  sessionRequests = 0;
  signOuts = 0;
  collector.clear();
  setHint(false);
  localStorage.clear();
  navigation.goTo.mockClear();
  document.documentElement.className = '';
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  setVisibility('visible');
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

/** What the browser tells this tab when another one signs in or out. */
function announceFromAnotherTab() {
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: SESSION_BROADCAST_KEY, newValue: String(Date.now()) })));
}

function showTab() {
  setVisibility('visible');
  act(() => document.dispatchEvent(new Event('visibilitychange')));
}

/** Lets requests that were going to start do so. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function setHint(present: boolean) {
  document.cookie = present ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

const hasHint = () => document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);

function Probe() {
  const session = useAgentSession();
  const refresh = useRefreshAgentSession();
  return (
    <>
      <p data-testid="status">{session.status === 'authenticated' ? `agent ${session.user.email}` : session.status}</p>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </>
  );
}

const status = () => screen.getByTestId('status');

/** `session` as a portal page passes it; left out, as on a static page. */
function renderProvider(session?: Session | null) {
  return render(
    <AgentSessionProvider session={session}>
      <Probe />
    </AgentSessionProvider>,
  );
}

describe('AgentSessionProvider on a static page (no session from the server)', () => {
  it('treats a browser without the hint as a visitor and never asks the server', async () => {
    renderProvider();
    expect(status()).toHaveTextContent('anonymous');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sessionRequests).toBe(0);
    expect(document.documentElement).not.toHaveClass(SESSION_HINT_CLASS);
  });

  it('asks the server when the hint is present and shows the agent', async () => {
    setHint(true);
    renderProvider();
    expect(await screen.findByText('agent senior@desertrose.test')).toBeInTheDocument();
    expect(sessionRequests).toBe(1);
    expect(hasHint()).toBe(true);
    // The pre-hydration class hides the visitor's buttons only while the answer is awaited.
    expect(document.documentElement).not.toHaveClass(SESSION_HINT_CLASS);
  });

  it('hides the visitor buttons while asking, and shows them again when the check fails', async () => {
    setHint(true);
    let answer!: () => void;
    server.use(http.get('*/api/auth/session', () => new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 500 }))))));
    renderProvider();
    expect(status()).toHaveTextContent('loading');
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(document.documentElement).toHaveClass(SESSION_HINT_CLASS);
    answer();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass(SESSION_HINT_CLASS);
  });

  it('logs a failed session fetch as CLIENT_SESSION_ERROR, an exception with error severity in browser telemetry', async () => {
    setHint(true);
    server.use(http.get('*/api/auth/session', () => new HttpResponse('upstream down', { status: 503 })));
    renderProvider();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    // Spec §8: an exception with error severity, named by its code, through browser telemetry.
    // (Matched by message: an earlier test's failed check may still be on its way.)
    const failedCheck = expect.objectContaining({
      severityLevel: 3,
      exceptions: [expect.objectContaining({ typeName: 'CLIENT_SESSION_ERROR', message: expect.stringContaining('session check answered 503') })],
      properties: expect.objectContaining({ code: 'CLIENT_SESSION_ERROR', path: window.location.pathname }),
    });
    await vi.waitFor(() => expect(collector.exceptions()).toContainEqual(failedCheck));

    // A background check (the tab shown again) that fails is logged the same way.
    const before = collector.exceptions().length;
    server.use(http.get('*/api/auth/session', () => HttpResponse.error()));
    showTab();
    await vi.waitFor(() => expect(collector.exceptions().length).toBe(before + 1));
    expect(collector.exceptions().at(-1)).toMatchObject({ severityLevel: 3, exceptions: [expect.objectContaining({ typeName: 'CLIENT_SESSION_ERROR' })] });
  });

  it('logs nothing for a check the page abandons', async () => {
    setHint(true);
    server.use(http.get('*/api/auth/session', () => new Promise<Response>(() => {})));
    const { unmount } = renderProvider();
    await vi.waitFor(() => expect(status()).toHaveTextContent('loading'));
    unmount();
    await settle();
    expect(collector.exceptions()).toHaveLength(0);
  });

  it('drops a hint whose session is gone and shows the visitor again', async () => {
    setHint(true);
    document.documentElement.classList.add(SESSION_HINT_CLASS);
    sessionAnswer = null;
    renderProvider();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(hasHint()).toBe(false);
    expect(document.documentElement).not.toHaveClass(SESSION_HINT_CLASS);
  });

  it('shows the visitor when the hint disappears (signed out in another tab)', async () => {
    setHint(true);
    renderProvider();
    await screen.findByText('agent senior@desertrose.test');
    setHint(false);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(status()).toHaveTextContent('anonymous');
  });

  it('refresh() picks up a sign-in made on this page', async () => {
    renderProvider();
    expect(status()).toHaveTextContent('anonymous');
    setHint(true); // what the sign-in action's response does
    await act(() => screen.getByRole('button', { name: 'refresh' }).click());
    expect(await screen.findByText('agent senior@desertrose.test')).toBeInTheDocument();
  });
});

describe('AgentSessionProvider on a portal page (session from the server)', () => {
  it('uses the server session without asking and writes the hint for later static pages', async () => {
    renderProvider(AGENT);
    expect(status()).toHaveTextContent('agent senior@desertrose.test');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sessionRequests).toBe(0);
    expect(hasHint()).toBe(true);
  });

  it('clears a stale hint when the server says nobody is signed in', async () => {
    setHint(true);
    renderProvider(null);
    expect(status()).toHaveTextContent('anonymous');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(hasHint()).toBe(false);
    expect(sessionRequests).toBe(0);
  });
});

describe('AgentSessionProvider refetches (spec §4)', () => {
  const RENAMED: Session = { ...AGENT, user: { ...AGENT.user, email: 'renamed@desertrose.test' } };

  it('asks again when the tab is shown, and takes the newer answer', async () => {
    renderProvider(AGENT);
    sessionAnswer = RENAMED;
    showTab();
    expect(await screen.findByText('agent renamed@desertrose.test')).toBeInTheDocument();
    expect(sessionRequests).toBe(1);
  });

  it('asks again when another tab announces a sign-in, and shows the agent on a static page', async () => {
    renderProvider();
    expect(status()).toHaveTextContent('anonymous');
    setHint(true); // the other tab's sign-in set the shared cookie
    announceFromAnotherTab();
    expect(await screen.findByText('agent senior@desertrose.test')).toBeInTheDocument();
  });

  it('asks again when the tab is shown after another agent signed in elsewhere, never showing the earlier one', async () => {
    setHint(true);
    renderProvider();
    await screen.findByText('agent senior@desertrose.test');
    setHint(false); // signed out in another tab while this one was hidden
    showTab();
    expect(status()).toHaveTextContent('anonymous');
    setHint(true); // and someone signed in there again
    sessionAnswer = RENAMED;
    showTab();
    expect(await screen.findByText('agent renamed@desertrose.test')).toBeInTheDocument();
  });

  it('polls every minute while the tab is visible and online, not while it is hidden or offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderProvider(AGENT);
    sessionAnswer = RENAMED;
    act(() => vi.advanceTimersByTime(SESSION_POLL_MS));
    expect(await screen.findByText('agent renamed@desertrose.test')).toBeInTheDocument();
    expect(sessionRequests).toBe(1);

    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(SESSION_POLL_MS));
    setVisibility('visible');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => vi.advanceTimersByTime(SESSION_POLL_MS));
    online.mockRestore();
    await settle();
    expect(sessionRequests).toBe(1);
  });

  it('never asks for a visitor on a static page, whatever happens (no hint)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderProvider();
    showTab();
    announceFromAnotherTab();
    act(() => vi.advanceTimersByTime(SESSION_POLL_MS * 3));
    await settle();
    expect(sessionRequests).toBe(0);
    expect(status()).toHaveTextContent('anonymous');
  });

  it('signs out and goes home when a portal page finds the session ended', async () => {
    renderProvider(AGENT);
    sessionAnswer = null;
    announceFromAnotherTab();
    // The first sign-out loads next-auth/react, which takes a moment in a test run.
    await waitFor(() => expect(navigation.goTo).toHaveBeenCalledWith('/'), { timeout: 5_000 });
    expect(signOuts).toBe(1);
    expect(hasHint()).toBe(false);
  });

  it('announces a sign-in made on this page to the other tabs, and not an unchanged answer', async () => {
    renderProvider();
    setHint(true);
    await act(() => screen.getByRole('button', { name: 'refresh' }).click());
    await screen.findByText('agent senior@desertrose.test');
    expect(localStorage.getItem(SESSION_BROADCAST_KEY)).not.toBeNull();
    // The hint the answer wrote needs no second check.
    expect(sessionRequests).toBe(1);

    localStorage.removeItem(SESSION_BROADCAST_KEY);
    await act(() => screen.getByRole('button', { name: 'refresh' }).click());
    await settle();
    expect(sessionRequests).toBe(2);
    expect(localStorage.getItem(SESSION_BROADCAST_KEY)).toBeNull();
  });
});
