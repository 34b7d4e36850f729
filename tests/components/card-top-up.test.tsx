// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'sonner';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { LazyToaster } from '@/components/shell/lazy-toaster';
import { CardTopUp, type CardTopUpLabels } from '@/components/top-up/card-top-up';
import en from '@/messages/en.json';
import deposits from '@/messages/deposits/en.json';

// The card top-up's fee request goes through the API helper: a refusal shows at the field while
// the agent types, and also as spec §8's toast when the agent asks for the fee.

const navigation = vi.hoisted(() => ({ goTo: vi.fn(), reloadPage: vi.fn() }));
vi.mock('@/components/http/navigate', () => navigation);
vi.mock('@/server/payments/card-top-up-actions', () => ({ cardTopUpAction: vi.fn() }));

const MESSAGE = 'Enter the amount as a number with up to two decimals, e.g. 1500.50.';
const labels: CardTopUpLabels = { ...deposits.deposits.card, fee: 'Card fee (2.5%)', sandbox: null };

const server = setupServer(
  http.get('*/api/v1/b2b/balance/topupfee', ({ request }) => {
    const amount = new URL(request.url).searchParams.get('amount') ?? '';
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) return HttpResponse.json([{ fieldName: 'amount', errorMessage: MESSAGE }], { status: 422 });
    const amountMinor = Math.round(Number(amount) * 100);
    return HttpResponse.json({ type: 'card', currency: 'AED', amountMinor, feeMinor: amountMinor / 40, totalMinor: amountMinor * 1.025 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  act(() => void toast.dismiss());
});

function renderCard() {
  return render(
    <HttpFeedbackProvider labels={en.errors}>
      <CardTopUp labels={labels} locale="en" action="/top-up" initialAmount="" initialQuote={null} initialError={null} />
      <LazyToaster />
    </HttpFeedbackProvider>,
  );
}

describe('CardTopUp', () => {
  it('shows a refused amount at the field while typing, and as a toast naming the field by its label when asked for the fee', async () => {
    renderCard();
    await userEvent.type(screen.getByLabelText('Amount, AED'), 'abc');
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Calculate fee' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent(`Amount, AED: ${MESSAGE}`);
  });

  it('signs out and goes home when the session has ended (401)', async () => {
    server.use(
      http.get('*/api/v1/b2b/balance/topupfee', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: 'csrf' })),
      http.post('*/api/auth/signout', () => HttpResponse.json({ url: 'http://localhost/' })),
    );
    renderCard();
    await userEvent.type(screen.getByLabelText('Amount, AED'), '5');
    await waitFor(() => expect(navigation.goTo).toHaveBeenCalledWith('/'), { timeout: 5_000 });
  });
});
