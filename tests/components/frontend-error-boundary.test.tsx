// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FrontendErrorBoundary } from '@/components/errors/frontend-error-boundary';
import { RouteError } from '@/components/errors/route-error';
import en from '@/messages/en.json';

const navigation = vi.hoisted(() => ({ goTo: vi.fn(), reloadPage: vi.fn() }));
vi.mock('@/components/http/navigate', () => navigation);

function Broken(): never {
  throw new Error('price table exploded');
}

/** What a server component's failure looks like in the browser: the message hidden, a digest. */
const SERVER_ERROR = Object.assign(new Error('An error occurred in the Server Components render.'), { digest: '3141592653' });

function BrokenOnTheServer(): never {
  throw SERVER_ERROR;
}

const reports: unknown[] = [];
let health: () => Response = () => HttpResponse.json({ ok: true });
let healthChecks = 0;
const server = setupServer(
  http.post('*/api/client-errors', async ({ request }) => {
    reports.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/health', () => {
    healthChecks += 1;
    return health();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  reports.length = 0;
  healthChecks = 0;
  health = () => HttpResponse.json({ ok: true });
  navigation.reloadPage.mockClear();
  // React logs the caught error; that is expected here, not a test failure.
  console.error = () => {};
});

const MAINTENANCE = { name: 'Server is under maintenance' };

describe('FrontendErrorBoundary', () => {
  it('shows the spec’s error screen with the error text, support phone and component stack', async () => {
    render(
      <FrontendErrorBoundary labels={en.errors}>
        <Broken />
      </FrontendErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeInTheDocument();
    expect(screen.getByText(/Please contact your relationship manager or/)).toHaveTextContent('+971 4 123 4567');
    expect(screen.getByText(/for further assistance\./)).toBeInTheDocument();
    expect(screen.getByText('price table exploded')).toBeInTheDocument();
    expect(screen.getByText(/at Broken/)).toBeInTheDocument();
    await vi.waitFor(() => expect(reports).toEqual([expect.objectContaining({ message: 'price table exploded' })]));
    // A render error in the browser is never taken for an outage.
    expect(healthChecks).toBe(0);
  });

  it('shows the maintenance screen for a server error while the database is down, and reloads once it is back', async () => {
    health = () => HttpResponse.json({ ok: false }, { status: 503 });
    render(
      <FrontendErrorBoundary labels={en.errors}>
        <BrokenOnTheServer />
      </FrontendErrorBoundary>,
    );

    expect(await screen.findByRole('heading', MAINTENANCE)).toBeInTheDocument();
    expect(screen.getByText(en.errors.maintenanceText)).toBeInTheDocument();
    expect(screen.queryByText('Component stack')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'An error occurred in the frontend application.' })).not.toBeInTheDocument();

    // It keeps asking every two seconds; the first 200 reloads the page.
    await vi.waitFor(() => expect(healthChecks).toBe(2), { timeout: 3_000 });
    expect(navigation.reloadPage).not.toHaveBeenCalled();
    health = () => HttpResponse.json({ ok: true });
    await vi.waitFor(() => expect(navigation.reloadPage).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it('shows the error screen for a server error while the database answers (a real bug)', async () => {
    render(
      <FrontendErrorBoundary labels={en.errors}>
        <BrokenOnTheServer />
      </FrontendErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred in the Server Components render.')).toBeInTheDocument();
    expect(healthChecks).toBe(1);
  });
});

describe('RouteError (the route’s error.tsx)', () => {
  it('asks the server even without a digest, and shows maintenance during an outage', async () => {
    health = () => HttpResponse.json({ ok: false }, { status: 503 });
    render(<RouteError error={new Error('session lookup failed')} />);
    expect(await screen.findByRole('heading', MAINTENANCE)).toBeInTheDocument();
    expect(screen.queryByText('session lookup failed')).not.toBeInTheDocument();
  });

  it('shows the error screen with the digest when the server is healthy', async () => {
    render(<RouteError error={SERVER_ERROR} />);
    expect(await screen.findByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeInTheDocument();
    expect(screen.getByText('An error occurred in the Server Components render. (3141592653)')).toBeInTheDocument();
  });

  it('takes a server that does not answer at all for maintenance too', async () => {
    health = () => HttpResponse.error();
    render(<RouteError error={SERVER_ERROR} />);
    expect(await screen.findByRole('heading', MAINTENANCE)).toBeInTheDocument();
  });
});
