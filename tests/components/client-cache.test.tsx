// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getAccessFallbackHTTPStatus, isHTTPAccessFallbackError } from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { Component, type ReactNode, useEffect } from 'react';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { BookingPicker, type PickerOffer } from '@/components/bookings/picker/booking-picker';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { FRESH_FOR_MS } from '@/components/http/api-query';
import { HttpFeedbackProvider, useApiFetch } from '@/components/http/http-feedback';
import type { OfferAvailability } from '@/server/availability/queries';
import en from '@/messages/en.json';
import { FreshClientCache } from '../support/client-cache';

// Spec §9 (fetched data fresh for 120,000 ms, no refetch on focus, mutations invalidate what they
// change) and spec §8 (a 404 from a client-side fetch shows the 404 page), through the picker.

vi.mock('next/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/navigation')>()),
  useParams: () => ({ locale: 'en' }),
  useRouter: () => ({ prefetch: () => undefined }),
}));

const OFFER_ID = '7b0f3a52-1c8e-4c1b-9d0e-2f4b5a6c7d8e';
const offer: PickerOffer = { id: OFFER_ID, hasLiveAvailability: true, availabilityType: 'start_time', minPeople: 1, retail: { adult: 15_000, child: 10_000, trip: null } };
const availability = (date: string): OfferAvailability => ({
  offerId: OFFER_ID,
  stockMode: 'shared',
  minPeople: 1,
  cutOffHours: 6,
  hasLiveAvailability: true,
  days: [{ date, slots: [{ time: '10:00', left: 12, leftAdults: null, leftChildren: null, pastCutOff: false }] }],
});

const months: string[] = [];
let answer: (month: string) => Response = (month) => HttpResponse.json(availability(month === '2026-11' ? '2026-11-24' : '2026-12-03'));
const server = setupServer(
  http.get('*/api/v1/b2b/availability/ByOffer', ({ request }) => {
    const month = new URL(request.url).searchParams.get('from')!.slice(0, 7);
    months.push(month);
    return answer(month);
  }),
  http.get('*/api/thing', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // 10:00 in Dubai on 21 November 2026; the clock runs on its own, and can be moved ahead.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-21T06:00:00Z'));
  months.length = 0;
  answer = (month) => HttpResponse.json(availability(month === '2026-11' ? '2026-11-24' : '2026-12-03'));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});

/** Stands for Next's not-found boundary: shows which HTTP fallback an island asked for. */
class NotFoundBoundary extends Component<{ children: ReactNode }, { status: number | null }> {
  state = { status: null };
  static getDerivedStateFromError(error: unknown) {
    return { status: isHTTPAccessFallbackError(error) ? getAccessFallbackHTTPStatus(error) : -1 };
  }
  render() {
    return this.state.status === null ? this.props.children : <p>the {this.state.status} page</p>;
  }
}

/** A form whose action is running (`pending`), as useActionState says. */
function BookingForm({ pending }: { pending: boolean }) {
  useBookingDataStaleAfter(pending);
  return null;
}

/** The page: the picker (remounted by a new `pickerKey`) and, while shown, a booking form. */
function page({ pickerKey = 1, form }: { pickerKey?: number; form?: { pending: boolean } } = {}) {
  return (
    <FreshClientCache>
      <HttpFeedbackProvider labels={en.errors}>
        <CurrencyProvider defaultCurrency="AED">
          <NotFoundBoundary>
            <BookingPicker key={pickerKey} offer={offer} netPrices={null} labels={en.availability} />
            {form ? <BookingForm pending={form.pending} /> : null}
          </NotFoundBoundary>
        </CurrencyProvider>
      </HttpFeedbackProvider>
    </FreshClientCache>
  );
}

const november = () => screen.findByRole('button', { name: /November 24th, 2026, available/ });
/** Lets any request that was going to start do so, and its answer arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the client cache of fetched data', () => {
  it('serves a month shown again within 120 s without asking, and never asks on window focus', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { rerender } = render(page());
    await november();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('button', { name: /December 3rd, 2026, available/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    // At once, from the cache: no loading state in between.
    expect(screen.getByRole('button', { name: /November 24th, 2026, available/ })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Opened again (a new picker) just before the 120 s are up: still fresh.
    act(() => vi.advanceTimersByTime(FRESH_FOR_MS - 1_000));
    rerender(page({ pickerKey: 2 }));
    await november();
    await settle();
    expect(months).toEqual(['2026-11', '2026-12']);
  });

  it('asks again for a month opened after 120 s, showing the cached days meanwhile', async () => {
    const { rerender } = render(page());
    await november();
    act(() => vi.advanceTimersByTime(FRESH_FOR_MS));
    answer = () => HttpResponse.json(availability('2026-11-26'));
    rerender(page({ pickerKey: 2 }));
    expect(screen.getByRole('button', { name: /November 24th, 2026, available/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /November 26th, 2026, available/ })).toBeInTheDocument();
    expect(months).toEqual(['2026-11', '2026-11']);
  });

  it('asks again at once when a booking form’s submission ends, inside the 120 s', async () => {
    const { rerender } = render(page({ form: { pending: false } }));
    await november();
    rerender(page({ form: { pending: true } }));
    await settle();
    // Nothing is stale while the booking is still being made.
    expect(months).toEqual(['2026-11']);

    answer = () => HttpResponse.json(availability('2026-11-26'));
    // A refusal shows its result in the form.
    rerender(page({ form: { pending: false } }));
    expect(await screen.findByRole('button', { name: /November 26th, 2026, available/ })).toBeInTheDocument();
    expect(months).toEqual(['2026-11', '2026-11']);

    // A success redirects: the form goes away while its action runs.
    rerender(page({ form: { pending: true } }));
    rerender(page());
    await settle();
    expect(months).toEqual(['2026-11', '2026-11', '2026-11']);
  });

  it('shows the 404 page when the availability answers 404 (an offer removed while the page was open)', async () => {
    answer = () => HttpResponse.json({ message: 'Offer not found.' }, { status: 404 });
    render(page(), { onCaughtError: () => {} });
    expect(await screen.findByText('the 404 page')).toBeInTheDocument();
  });

  it('shows the 404 page for a 404 of any other client-side fetch', async () => {
    function Island() {
      const fetchApi = useApiFetch();
      useEffect(() => void fetchApi('/api/thing'), [fetchApi]);
      return <p>island</p>;
    }
    render(
      <HttpFeedbackProvider labels={en.errors}>
        <NotFoundBoundary>
          <Island />
        </NotFoundBoundary>
      </HttpFeedbackProvider>,
      { onCaughtError: () => {} },
    );
    expect(await screen.findByText('the 404 page')).toBeInTheDocument();
  });
});
