// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { PaymentStatusPoller } from '@/components/pay/payment-status-poller';
import en from '@/messages/en.json';
import payments from '@/messages/payments/en.json';

// Spec §4 "processing (wait)": the result page asks `GET /api/payments/<id>` every 2 s, re-renders
// once the payment has settled, and after about two minutes says "retry failed" with a reload link.

const router = vi.hoisted(() => ({ refresh: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const PAYMENT_ID = '3f1c2a7e-0d5b-4c1e-9a77-5b2f1e0c9d11';
const labels = { processing: payments.payments.result.processing, retryFailed: payments.payments.result.retryFailed, reload: payments.payments.result.reload };

let answers: string[] = [];
let requests = 0;
const server = setupServer(
  http.get('*/api/payments/:id', ({ params }) => {
    requests += 1;
    if (params.id !== PAYMENT_ID) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
    return HttpResponse.json({ paymentId: PAYMENT_ID, status: answers.shift() ?? 'processing', webhookError: false });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answers = [];
  requests = 0;
  router.refresh.mockClear();
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

function renderPoller(timeoutMs?: number) {
  return render(
    <HttpFeedbackProvider labels={en.errors}>
      <PaymentStatusPoller paymentId={PAYMENT_ID} reloadHref={`/pay/${PAYMENT_ID}`} labels={labels} timeoutMs={timeoutMs} />
    </HttpFeedbackProvider>,
  );
}

/** Lets the timers run for `ms` and the fetches they start answer. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('PaymentStatusPoller', () => {
  it('shows the wait message with a spinner and asks every 2 s until the payment settles, then re-renders the page once', async () => {
    answers = ['processing', 'processing', 'succeeded'];
    renderPoller();
    expect(screen.getByRole('status')).toHaveTextContent(labels.processing);
    expect(requests).toBe(0);

    await elapse(2000);
    expect(requests).toBe(1);
    expect(router.refresh).not.toHaveBeenCalled();
    await elapse(4000);
    expect(requests).toBe(3);
    expect(router.refresh).toHaveBeenCalledTimes(1);

    // Settled: no more asking.
    await elapse(10_000);
    expect(requests).toBe(3);
  });

  it('re-renders for a failed payment too (the page then says "try another card")', async () => {
    answers = ['failed'];
    renderPoller();
    await elapse(2000);
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });

  it('stops after the timeout and says the retry failed, with a link that loads the page again', async () => {
    renderPoller(10_000);
    await elapse(12_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(labels.retryFailed);
    expect(screen.getByRole('link', { name: labels.reload })).toHaveAttribute('href', `/pay/${PAYMENT_ID}`);
    const asked = requests;
    await elapse(10_000);
    expect(requests).toBe(asked);
    expect(router.refresh).not.toHaveBeenCalled();
  });
});
