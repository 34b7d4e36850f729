// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FrontendErrorBoundary } from '@/components/errors/frontend-error-boundary';
import en from '@/messages/en.json';

function Broken(): never {
  throw new Error('price table exploded');
}

const reports: unknown[] = [];
const server = setupServer(
  http.post('*/api/client-errors', async ({ request }) => {
    reports.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('FrontendErrorBoundary', () => {
  it('shows the spec’s error screen with the error text, support phone and component stack', async () => {
    // React logs the caught error; that is expected here, not a test failure.
    console.error = () => {};
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
  });
});
