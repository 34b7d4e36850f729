// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Session } from 'next-auth';
import { AgentSessionProvider, useAgentSession, useRefreshAgentSession } from '@/components/auth/agent-session';
import { SESSION_HINT_CLASS, SESSION_HINT_COOKIE } from '@/server/auth/session-hint';

const AGENT: Session = {
  expires: '2026-11-26T00:00:00.000Z',
  user: { id: 'a1', role: 'senior', agencyId: 'g1', email: 'senior@desertrose.test', name: 'Senior' },
};

let sessionAnswer: Session | null = AGENT;
let sessionRequests = 0;
const server = setupServer(
  http.get('*/api/auth/session', () => {
    sessionRequests += 1;
    return HttpResponse.json(sessionAnswer);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sessionAnswer = AGENT;
  sessionRequests = 0;
  setHint(false);
  document.documentElement.className = '';
});
afterEach(() => server.resetHandlers());

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
