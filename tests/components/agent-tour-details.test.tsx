// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Session } from 'next-auth';
import { AgentSessionProvider } from '@/components/auth/agent-session';
import { AgentNotes, AgentRate, AgentTourDetailsProvider } from '@/components/catalog/agent-tour-details';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import type { AgentTourDetails } from '@/server/catalog/agent-details';
import en from '@/messages/en.json';
import { FreshClientCache } from '../support/client-cache';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

const OFFER_ID = '7b0f3a52-1c8e-4c1b-9d0e-2f4b5a6c7d8e';
const SENIOR: Session = {
  expires: '2026-11-26T00:00:00.000Z',
  user: { id: 'a1', role: 'senior', agencyId: 'g1', email: 'senior@desertrose.test', name: 'Omar' },
};
const details: AgentTourDetails = {
  notesToAgents: { en: 'Meet at gate 2.', ru: 'Встреча у входа 2.' },
  b2b: [{ offerId: OFFER_ID, prices: { adult: 12_000, child: null, trip: null } }],
};

let requests = 0;
const server = setupServer(
  http.get('*/api/catalog/tours/:slug/agent-details', () => {
    requests += 1;
    return HttpResponse.json(details);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => (requests = 0));
afterEach(() => server.resetHandlers());

const labels = { agentRate: 'Agent rate (b2b)', loading: 'Loading agent rates…', adult: 'per adult', child: 'per child', trip: 'per trip' };

function tourPage(session: Session | null, pageKey = 1) {
  return (
    <FreshClientCache>
      <HttpFeedbackProvider labels={en.errors}>
        <AgentSessionProvider session={session}>
          <CurrencyProvider defaultCurrency="AED">
            <AgentTourDetailsProvider key={pageKey} slug="burj-khalifa">
              <AgentRate offerId={OFFER_ID} labels={labels} />
              <AgentNotes title="Notes to agents" />
            </AgentTourDetailsProvider>
          </CurrencyProvider>
        </AgentSessionProvider>
      </HttpFeedbackProvider>
    </FreshClientCache>
  );
}

describe('the agent-only parts of a tour page', () => {
  it('shows a visitor nothing and asks for nothing', async () => {
    render(tourPage(null));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('agent-rate')).not.toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('shows an agent the b2b rate and the notes, and serves the tour opened again from the client cache', async () => {
    const { rerender } = render(tourPage(SENIOR));
    expect(await screen.findByTestId('agent-rate')).toHaveTextContent('AED 120.00');
    expect(screen.getByTestId('notes-to-agents')).toHaveTextContent('Meet at gate 2.');
    // Back on the same tour within 120 s (a new page, the same browser cache).
    rerender(tourPage(SENIOR, 2));
    expect(await screen.findByTestId('agent-rate')).toHaveTextContent('AED 120.00');
    expect(requests).toBe(1);
  });
});
