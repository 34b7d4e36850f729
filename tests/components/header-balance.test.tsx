// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Session } from 'next-auth';
import { AgentSessionProvider, useRefreshAgentSession } from '@/components/auth/agent-session';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { FRESH_FOR_MS } from '@/components/http/api-query';
import { AccountMenu, type AccountMenuLabels } from '@/components/shell/account-menu';
import type { AgencyBalance } from '@/components/shell/header-balance';
import en from '@/messages/en.json';
import header from '@/messages/header/en.json';
import { SESSION_HINT_COOKIE } from '@/shared/auth/session-hint';
import { CURRENCY_COOKIE } from '@/shared/money/money';
import { FreshClientCache } from '../support/client-cache';

vi.mock('next/navigation', () => ({
  useParams: () => ({ locale: 'en' }),
  usePathname: () => '/bookings',
  useRouter: () => ({ prefetch: () => undefined }),
}));

const agent = (role: Session['user']['role']): Session => ({
  expires: '2026-11-26T00:00:00.000Z',
  user: { id: 'a1', role, agencyId: 'g1', email: `${role}@desertrose.test`, name: `Layla ${role}` },
});

const labels: AccountMenuLabels = {
  signIn: en.shell.signIn,
  accountMenuFor: en.shell.accountMenuFor,
  signedInAs: en.shell.signedInAs,
  logout: en.shell.logout,
  menu: en.shell.menu,
  balance: header.headerBalance,
};

let sessionAnswer: Session | null = agent('senior');
let balance: AgencyBalance = { currency: 'AED', balanceMinor: 123_450, creditLimitMinor: 1_000_000, availableMinor: 1_123_450 };
let balanceRequests = 0;
const server = setupServer(
  http.get('*/api/auth/session', () => HttpResponse.json(sessionAnswer)),
  http.get('*/api/v1/b2b/balance', () => {
    balanceRequests += 1;
    return HttpResponse.json(balance);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sessionAnswer = agent('senior');
  balance = { currency: 'AED', balanceMinor: 123_450, creditLimitMinor: 1_000_000, availableMinor: 1_123_450 };
  balanceRequests = 0;
  document.cookie = `${CURRENCY_COOKIE}=; path=/; max-age=0`;
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

function SignInProbe() {
  const refresh = useRefreshAgentSession();
  return (
    <button type="button" onClick={() => void refresh()}>
      signed in
    </button>
  );
}

/** A booking form whose action is running (`pending`), as useActionState says. */
function BookingForm({ pending }: { pending: boolean }) {
  useBookingDataStaleAfter(pending);
  return null;
}

/** The header's account corner, as a portal page (`session`) or a static page (none) renders it. */
function headerTree(session?: Session | null, form?: { pending: boolean }) {
  return (
    <FreshClientCache>
      <HttpFeedbackProvider labels={en.errors}>
        <AgentSessionProvider session={session}>
          <CurrencyProvider defaultCurrency="AED">
            <AccountMenu labels={labels} />
            <SignInProbe />
            {form ? <BookingForm pending={form.pending} /> : null}
          </CurrencyProvider>
        </AgentSessionProvider>
      </HttpFeedbackProvider>
    </FreshClientCache>
  );
}

const renderHeader = (session?: Session | null) => render(headerTree(session));

/** Lets any request that was going to start do so, and its answer arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const balanceLink = () => screen.findByRole('link', { name: /Balance/ });

describe('the header balance', () => {
  it('shows a senior agent the agency balance with a loading placeholder first, linking to the balance page', async () => {
    renderHeader(agent('senior'));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the balance…');
    const link = await balanceLink();
    expect(link).toHaveTextContent('AED 1,234.50');
    expect(link).toHaveAttribute('href', '/balance');
    // The amounts are formatted as the browser does: a no-break space after the currency code.
    expect(link.title).toMatch(/^Available funds: AED\s11,234\.50$/);
    expect(balanceRequests).toBe(1);
  });

  it('shows it in the currency the switch picked', async () => {
    document.cookie = `${CURRENCY_COOKIE}=USD; path=/`;
    renderHeader(agent('admin'));
    // 1,234.50 AED at 3.65 AED per USD.
    expect(await balanceLink()).toHaveTextContent('USD 338.22');
  });

  it('shows nothing to a junior agent and never asks for it', async () => {
    renderHeader(agent('junior'));
    expect(await screen.findByRole('button', { name: 'Layla junior, account menu' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: /Balance/ })).not.toBeInTheDocument();
    expect(balanceRequests).toBe(0);
  });

  it('stays fresh for 120 s: no request on focus or on the session checks, then asked again while it shows', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderHeader(agent('senior'));
    expect(await balanceLink()).toHaveTextContent('AED 1,234.50');
    balance = { ...balance, balanceMinor: 23_450, availableMinor: 1_023_450 };
    act(() => {
      window.dispatchEvent(new Event('focus'));
      // The tab shown again: the session is checked, the balance is not.
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(FRESH_FOR_MS - 1_000));
    await settle();
    expect(balanceRequests).toBe(1);
    expect(screen.getByRole('link', { name: /Balance/ })).toHaveTextContent('AED 1,234.50');

    act(() => vi.advanceTimersByTime(2_000));
    // The figure shown stays while it is asked for again.
    expect(screen.getByRole('link', { name: /Balance/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: /Balance/ })).toHaveTextContent('AED 234.50'));
    expect(balanceRequests).toBe(2);
  });

  it('is asked for again as soon as a booking, payment or cancellation form’s submission ends', async () => {
    const { rerender } = render(headerTree(agent('senior'), { pending: false }));
    expect(await balanceLink()).toHaveTextContent('AED 1,234.50');
    rerender(headerTree(agent('senior'), { pending: true }));
    await settle();
    expect(balanceRequests).toBe(1);
    balance = { ...balance, balanceMinor: 23_450, availableMinor: 1_023_450 };
    // The action redirected: the form is gone.
    rerender(headerTree(agent('senior')));
    await waitFor(() => expect(screen.getByRole('link', { name: /Balance/ })).toHaveTextContent('AED 234.50'));
    expect(balanceRequests).toBe(2);
  });

  it('holds its place while it loads, beside an account button named with the name it shows', async () => {
    let answer!: () => void;
    server.use(http.get('*/api/v1/b2b/balance', () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json(balance))))));
    renderHeader(agent('senior'));
    const waiting = await screen.findByTestId('header-balance-loading');
    expect(waiting).toHaveAccessibleName('');
    expect(waiting).toHaveTextContent('Balance');
    // No grey placeholder: the box has the figure's size and no fill of its own.
    expect(waiting.className).not.toMatch(/\bbg-|animate-pulse/);
    expect(waiting.className).toMatch(/\bmin-w-32\b/);
    const button = screen.getByRole('button', { name: 'Layla senior, account menu' });
    expect(button).toHaveTextContent('Layla senior');
    await act(async () => answer());
    expect((await balanceLink()).className).toMatch(/\bmin-w-32\b/);
  });

  it('is fetched when the agent signs in on a static page', async () => {
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(balanceRequests).toBe(0);
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`; // what the sign-in action's response does
    await act(() => screen.getByRole('button', { name: 'signed in' }).click());
    expect(await balanceLink()).toHaveTextContent('AED 1,234.50');
    expect(balanceRequests).toBe(1);
  });

  it('is the first item of the account menu too, for screens where the header has no room', async () => {
    renderHeader(agent('admin'));
    await balanceLink();
    fireEvent.keyDown(screen.getByRole('button', { name: /account menu/ }), { key: 'Enter' });
    const item = await screen.findByTestId('menu-balance');
    expect(item).toHaveAttribute('href', '/balance');
    await waitFor(() => expect(item).toHaveTextContent('Balance: AED 1,234.50'));
    expect(screen.getAllByRole('menuitem')[0]).toBe(item);
  });

  it('hides itself when the balance cannot be had', async () => {
    server.use(http.get('*/api/v1/b2b/balance', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    renderHeader(agent('senior'));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Balance/ })).not.toBeInTheDocument();
  });
});
