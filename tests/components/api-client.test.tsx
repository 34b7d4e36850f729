// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'sonner';
import { fetchApi, reportActionFailure } from '@/components/http/api-client';
import { HttpFeedbackProvider, useApiFetch } from '@/components/http/http-feedback';
import { LazyToaster } from '@/components/shell/lazy-toaster';
import { SESSION_BROADCAST_KEY } from '@/components/auth/session-signals';
import en from '@/messages/en.json';
import { SESSION_HINT_COOKIE } from '@/shared/auth/session-hint';
import { signOutEndpoints } from '../support/auth-endpoints';

// Spec §8 in the browser, status by status, through the real toaster and a real fetch (msw answers).

const navigation = vi.hoisted(() => ({ goTo: vi.fn(), reloadPage: vi.fn() }));
vi.mock('@/components/http/navigate', () => navigation);

// Browser telemetry as loaded: what a failed action hands it (the SDK itself: tests/telemetry/).
const telemetry = vi.hoisted(() => ({ actionFailure: vi.fn() }));
vi.mock('@/components/telemetry/telemetry-loader', () => ({ whenTelemetryLoaded: (call: (loaded: typeof telemetry) => void) => call(telemetry) }));

const labels = en.errors;
let signOuts = 0;

const server = setupServer(...signOutEndpoints(() => (signOuts += 1)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  navigation.goTo.mockClear();
  signOuts = 0;
  render(<LazyToaster />);
});
afterEach(() => {
  server.resetHandlers();
  // sonner replays the toasts still showing to the next test's toaster.
  act(() => void toast.dismiss());
});

function answer(response: () => Response | Promise<Response>) {
  server.use(http.get('*/api/thing', response));
}

/** The toasts on screen, as their texts. */
async function toasts(): Promise<string[]> {
  const items = await screen.findAllByRole('listitem');
  return items.map((item) => item.textContent ?? '');
}

/** Lets any toast that was going to come arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

/** Runs a request inside act(): the toaster updates when its answer comes. */
const call = <T,>(run: () => Promise<T>) => act(run);

describe('fetchApi', () => {
  it('returns parsed JSON, the text of a non-JSON body, and null for 204, without a toast', async () => {
    answer(() => HttpResponse.json({ fee: 25 }));
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toEqual({ ok: true, status: 200, data: { fee: 25 } });
    answer(() => HttpResponse.text('plain words'));
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toEqual({ ok: true, status: 200, data: 'plain words' });
    answer(() => new HttpResponse(null, { status: 204 }));
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toEqual({ ok: true, status: 204, data: null });
    await settle();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('lists a 422’s fields as `label: errorMessage` lines in one toast, each field by its label on the page, and returns them', async () => {
    render(
      <form>
        <label htmlFor="amount">Amount, AED</label>
        <input id="amount" name="amount" />
      </form>,
    );
    const items = [
      { fieldName: 'amount', errorMessage: 'Enter the amount as a number.' },
      { fieldName: 'currency', errorMessage: 'Choose a currency.' },
    ];
    answer(() => HttpResponse.json(items, { status: 422 }));
    const result = await call(() => fetchApi('/api/thing', {}, labels));
    expect(result).toEqual({ ok: false, status: 422, aborted: false, errors: items });
    // A field the page does not show is said by its message alone, never by its wire name.
    expect(await toasts()).toEqual(['Amount, AED: Enter the amount as a number.\nChoose a currency.']);
  });

  it('shows a 422 without field items as its raw body, or as "Validation error" when it has none', async () => {
    answer(() => HttpResponse.text('Dates are out of range', { status: 422 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await screen.findByText('Dates are out of range')).toBeInTheDocument();
    answer(() => new HttpResponse(null, { status: 422 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await screen.findByText('Validation error')).toBeInTheDocument();
  });

  it('leaves a 422 to the inline message when asked to stay quiet (the user is typing)', async () => {
    answer(() => HttpResponse.json([{ fieldName: 'amount', errorMessage: 'Too small.' }], { status: 422 }));
    const result = await call(() => fetchApi('/api/thing', { quietValidation: true }, labels));
    expect(result).toMatchObject({ ok: false, status: 422, errors: [{ fieldName: 'amount', errorMessage: 'Too small.' }] });
    await settle();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('says "Server is under maintenance" for a 503, whatever its body', async () => {
    answer(() => HttpResponse.json({ message: 'database down' }, { status: 503 }));
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toMatchObject({ ok: false, status: 503 });
    expect(await toasts()).toEqual(['Server is under maintenance']);
  });

  it('shows the response text of other 4xx and 5xx answers, and "Error" for an empty one', async () => {
    answer(() => HttpResponse.json({ message: 'Forbidden' }, { status: 403 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    answer(() => HttpResponse.text('Too many attempts, wait a minute', { status: 429 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await screen.findByText('Too many attempts, wait a minute')).toBeInTheDocument();
    answer(() => new HttpResponse(null, { status: 500 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('never shows an HTML error page as a toast', async () => {
    answer(() => HttpResponse.html('<!DOCTYPE html><html><body>Bad gateway</body></html>', { status: 502 }));
    await call(() => fetchApi('/api/thing', {}, labels));
    expect(await toasts()).toEqual(['Error']);
  });

  it('leaves a 404 to the caller: no toast, no sign-out', async () => {
    answer(() => HttpResponse.json({ message: 'Not found' }, { status: 404 }));
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toEqual({ ok: false, status: 404, aborted: false, errors: [] });
    await settle();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it('says "Error" when no answer comes, and nothing when the caller aborted', async () => {
    answer(() => HttpResponse.error());
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toEqual({ ok: false, status: null, aborted: false, errors: [] });
    expect(await toasts()).toEqual(['Error']);

    answer(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    const controller = new AbortController();
    const pending = fetchApi('/api/thing', { signal: controller.signal }, labels);
    controller.abort();
    expect(await act(() => pending)).toEqual({ ok: false, status: null, aborted: true, errors: [] });
    await settle();
    expect(await toasts()).toEqual(['Error']);
  });

  it('follows a redirected answer to its final page', async () => {
    server.use(
      http.get('*/api/thing', () => HttpResponse.redirect('http://localhost/sign-in?error=SessionRequired', 302)),
      http.get('*/sign-in', () => HttpResponse.html('<p>Sign in</p>')),
    );
    expect(await call(() => fetchApi('/api/thing', {}, labels))).toMatchObject({ ok: false });
    expect(navigation.goTo).toHaveBeenCalledWith('http://localhost/sign-in?error=SessionRequired');
  });
});

describe('useApiFetch', () => {
  it('stays the same function when the server renders the shell again with equal texts', () => {
    let texts = { ...labels };
    const wrapper = ({ children }: { children: ReactNode }) => <HttpFeedbackProvider labels={texts}>{children}</HttpFeedbackProvider>;
    const { result, rerender } = renderHook(() => useApiFetch(), { wrapper });
    const first = result.current;
    texts = { ...labels };
    rerender();
    // An island's effect that depends on it does not fetch again.
    expect(result.current).toBe(first);
  });
});

describe('reportActionFailure', () => {
  it('lists a 422 action’s field messages, and shows other statuses’ messages', async () => {
    act(() => reportActionFailure(
      { ok: false, status: 422, message: 'Check the highlighted fields.', fieldErrors: { guestName: 'Enter the guest’s name.', room: undefined } },
      labels,
    ));
    expect(await toasts()).toEqual(['Enter the guest’s name.']);
    act(() => reportActionFailure({ ok: false, status: 409, message: 'This request conflicts with one already made.', fieldErrors: {} }, labels));
    expect(await screen.findByText('This request conflicts with one already made.')).toBeInTheDocument();
    act(() => reportActionFailure({ ok: false, status: 503, message: 'Server is under maintenance', fieldErrors: {} }, labels));
    expect(await screen.findByText('Server is under maintenance')).toBeInTheDocument();
  });

  it('treats a result without a status as 422 when it names fields, else shows its message', async () => {
    act(() => reportActionFailure({ ok: false, message: 'Check the highlighted fields.', fieldErrors: { email: 'Enter a valid e-mail.' } }, labels));
    expect(await screen.findByText('Enter a valid e-mail.')).toBeInTheDocument();
    act(() => reportActionFailure({ ok: false, message: 'No more available stock, max 2', fieldErrors: {} }, labels));
    expect(await screen.findByText('No more available stock, max 2')).toBeInTheDocument();
  });

  it('names each field by its label in the page’s language: a text field’s label, a choice group’s name', async () => {
    render(
      <form>
        <label htmlFor="contactPhone">
          Контактный телефон <span aria-hidden>*</span>
        </label>
        <input id="contactPhone" name="contactPhone" />
        <fieldset>
          <legend>Оплата</legend>
          <div role="radiogroup" aria-label="Способ оплаты">
            <label>
              <input type="radio" name="paymentMethod" value="card" /> Картой
            </label>
            <label>
              <input type="radio" name="paymentMethod" value="balance" /> С баланса
            </label>
          </div>
        </fieldset>
        <input type="text" name="promoCode" aria-label="Промокод" />
        <input type="hidden" name="offerId" value="x" />
      </form>,
    );
    act(() => reportActionFailure(
      {
        ok: false,
        status: 422,
        message: 'Проверьте поля.',
        fieldErrors: { contactPhone: 'Укажите телефон.', paymentMethod: 'Выберите способ оплаты.', promoCode: 'Промокод не найден.', offerId: 'Вариант тура недоступен.' },
      },
      labels,
    ));
    expect(await toasts()).toEqual([
      'Контактный телефон: Укажите телефон.\nСпособ оплаты: Выберите способ оплаты.\nПромокод: Промокод не найден.\nВариант тура недоступен.',
    ]);
  });

  it('hands failed actions to browser telemetry as failed dependencies, but not a refused form (422)', async () => {
    telemetry.actionFailure.mockClear();
    act(() => reportActionFailure({ ok: false, status: 409, message: 'This request conflicts with one already made.', fieldErrors: {} }, labels));
    act(() => reportActionFailure({ ok: false, message: 'Check the highlighted fields.', fieldErrors: { email: 'Enter a valid e-mail.' } }, labels));
    act(() => reportActionFailure({ ok: false, status: 422, message: 'Check the highlighted fields.', fieldErrors: {} }, labels));
    act(() => reportActionFailure({ ok: false, message: 'No more available stock, max 2', fieldErrors: {} }, labels));
    expect(telemetry.actionFailure.mock.calls).toEqual([
      [{ status: 409, message: 'This request conflicts with one already made.' }],
      [{ status: 500, message: 'No more available stock, max 2' }],
    ]);
    // The toasts these failures showed are rendered before the next test starts.
    expect(await screen.findByText('No more available stock, max 2')).toBeInTheDocument();
  });

  it('stays quiet for a 404 (the form says it)', async () => {
    act(() => reportActionFailure({ ok: false, status: 404, message: 'Not found.', fieldErrors: {} }, labels));
    await settle();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});

describe('a 401', () => {
  // Signing out happens once per page (several requests may fail together): each case loads the
  // modules afresh, as a new page would.
  beforeEach(() => {
    vi.resetModules();
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    localStorage.clear();
  });

  it('from a fetch signs out once, tells the other tabs and goes home', async () => {
    const { fetchApi: freshFetchApi } = await import('@/components/http/api-client');
    answer(() => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }));
    const results = await Promise.all([freshFetchApi('/api/thing', {}, labels), freshFetchApi('/api/thing', {}, labels)]);
    expect(results.map((result) => result.status)).toEqual([401, 401]);
    await vi.waitFor(() => expect(navigation.goTo).toHaveBeenCalledWith('/'), { timeout: 5_000 });
    expect(navigation.goTo).toHaveBeenCalledTimes(1);
    expect(signOuts).toBe(1);
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);
    expect(localStorage.getItem(SESSION_BROADCAST_KEY)).not.toBeNull();
  });

  it('from an action signs out and goes to the home page in the page’s language', async () => {
    document.documentElement.lang = 'ru';
    const { reportActionFailure: freshReport } = await import('@/components/http/api-client');
    freshReport({ ok: false, status: 401, message: 'Войдите снова.', fieldErrors: {} }, labels);
    await vi.waitFor(() => expect(navigation.goTo).toHaveBeenCalledWith('/ru'), { timeout: 5_000 });
    expect(signOuts).toBe(1);
    document.documentElement.lang = 'en';
  });
});
