// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FrontendErrorBoundary } from '@/components/errors/frontend-error-boundary';
import { RouteError } from '@/components/errors/route-error';
import en from '@/messages/en.json';
import { telemetryCollector } from '../support/telemetry-collector';

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

const collector = telemetryCollector();
const READY = { ok: true, checks: { database: 'ok', migrations: 'ok', redis: 'off', jobs: 'ok' } };
const DATABASE_DOWN = { ok: false, failed: ['database'], checks: { database: 'down', migrations: 'unknown', redis: 'off', jobs: 'ok' } };
let readiness: () => Response = () => HttpResponse.json(READY);
let readinessChecks = 0;
const server = setupServer(
  ...collector.handlers,
  http.get('*/api/ready', () => {
    readinessChecks += 1;
    return readiness();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  collector.clear();
  readinessChecks = 0;
  readiness = () => HttpResponse.json(READY);
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
    // Spec §8: the screen's error reaches telemetry as an exception with error severity, with the component stack.
    await vi.waitFor(() => expect(collector.exceptions()).toHaveLength(1));
    expect(collector.exceptions()[0]).toMatchObject({
      severityLevel: 3,
      exceptions: [expect.objectContaining({ message: 'price table exploded' })],
      properties: expect.objectContaining({ componentStack: expect.stringContaining('Broken') }),
    });
    // A render error in the browser is never taken for an outage.
    expect(readinessChecks).toBe(0);
  });

  it('shows the maintenance screen for a server error while the database is down, and reloads once it is back', async () => {
    readiness = () => HttpResponse.json(DATABASE_DOWN, { status: 503 });
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
    await vi.waitFor(() => expect(readinessChecks).toBe(2), { timeout: 3_000 });
    expect(navigation.reloadPage).not.toHaveBeenCalled();
    readiness = () => HttpResponse.json(READY);
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
    expect(readinessChecks).toBe(1);
  });

  it('shows the error screen when only Redis is down: pages do not need it (the cache falls back)', async () => {
    readiness = () => HttpResponse.json({ ok: false, failed: ['redis'], checks: { ...READY.checks, redis: 'down' } }, { status: 503 });
    render(
      <FrontendErrorBoundary labels={en.errors}>
        <BrokenOnTheServer />
      </FrontendErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', MAINTENANCE)).not.toBeInTheDocument();
  });

  it('shows the maintenance screen while the process shuts down (a reload reaches another)', async () => {
    readiness = () => HttpResponse.json({ ok: false, failed: ['shutdown'] }, { status: 503 });
    render(
      <FrontendErrorBoundary labels={en.errors}>
        <BrokenOnTheServer />
      </FrontendErrorBoundary>,
    );
    expect(await screen.findByRole('heading', MAINTENANCE)).toBeInTheDocument();
  });
});

describe('RouteError (the route’s error.tsx)', () => {
  it('asks the server even without a digest, and shows maintenance during an outage', async () => {
    readiness = () => HttpResponse.json(DATABASE_DOWN, { status: 503 });
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
    readiness = () => HttpResponse.error();
    render(<RouteError error={SERVER_ERROR} />);
    expect(await screen.findByRole('heading', MAINTENANCE)).toBeInTheDocument();
  });
});
