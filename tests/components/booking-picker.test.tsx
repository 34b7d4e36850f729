// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { BookingPicker, type PickerOffer } from '@/components/bookings/picker/booking-picker';
import type { BookingLabels } from '@/components/bookings/picker/labels';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import type { AvailabilityDay, OfferAvailability } from '@/server/availability/queries';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { FreshClientCache } from '../support/client-cache';

const route = vi.hoisted(() => ({ locale: 'en' }));
vi.mock('next/navigation', () => ({ useParams: () => ({ locale: route.locale }), useRouter: () => ({ prefetch: () => undefined }) }));

const OFFER_ID = '7b0f3a52-1c8e-4c1b-9d0e-2f4b5a6c7d8e';
const offer: PickerOffer = { id: OFFER_ID, hasLiveAvailability: true, availabilityType: 'start_time', minPeople: 1, retail: { adult: 15_000, child: 10_000, trip: null } };
const slot = (time: string, left: number, pastCutOff = false) => ({ time, left, leftAdults: null, leftChildren: null, pastCutOff });
const availability = (days: AvailabilityDay[]): OfferAvailability => ({
  offerId: OFFER_ID,
  stockMode: 'shared',
  minPeople: 1,
  cutOffHours: 6,
  hasLiveAvailability: true,
  days,
});

const NOVEMBER = availability([
  { date: '2026-11-24', slots: [slot('09:00', 8), slot('15:00', 2)] },
  { date: '2026-11-25', slots: [slot('09:00', 0)] },
  { date: '2026-11-26', slots: [slot('10:00', 30)] },
  { date: '2026-11-21', slots: [slot('22:00', 5, true)] },
]);
const DECEMBER = availability([{ date: '2026-12-03', slots: [slot('10:00', 12)] }]);

const requests: { url: URL }[] = [];
let byMonth: (month: string) => Promise<Response> = async (month) => HttpResponse.json(month === '2026-11' ? NOVEMBER : DECEMBER);

const server = setupServer(
  http.get('*/api/v1/b2b/availability/ByOffer', ({ request }) => {
    const url = new URL(request.url);
    requests.push({ url });
    return byMonth(url.searchParams.get('from')!.slice(0, 7));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // 10:00 in Dubai on Saturday 21 November 2026; only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T06:00:00Z'));
  requests.length = 0;
  route.locale = 'en';
  byMonth = async (month) => HttpResponse.json(month === '2026-11' ? NOVEMBER : DECEMBER);
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});

function renderPicker(props: { offer?: PickerOffer; netPrices?: PickerOffer['retail'] | null; labels?: BookingLabels } = {}) {
  return render(
    <FreshClientCache>
      <HttpFeedbackProvider labels={en.errors}>
        <CurrencyProvider defaultCurrency="AED">
          <BookingPicker offer={props.offer ?? offer} netPrices={props.netPrices ?? null} labels={props.labels ?? en.availability} />
        </CurrencyProvider>
      </HttpFeedbackProvider>
    </FreshClientCache>,
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });
const continueLink = () => screen.getByRole('link', { name: 'Continue to checkout' });

describe('BookingPicker', () => {
  it('asks for the visible month from today on and enables only days with tickets left', async () => {
    renderPicker();
    expect(await screen.findByRole('button', { name: /November 24th, 2026, available/ })).toBeInTheDocument();
    expect(requests[0]?.url.search).toBe(`?id=${OFFER_ID}&from=2026-11-21&to=2026-11-30`);
    expect(day(/November 25th, 2026, sold out/)).toHaveAttribute('aria-disabled', 'true');
    expect(day(/November 20th, 2026, not available/)).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    // English weeks start on Sunday.
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Su');
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
    expect(screen.getByText('Choose a date.')).toBeInTheDocument();
  });

  it('builds the checkout link from the date, time and counts, and prices as the counts change', async () => {
    const user = userEvent.setup();
    renderPicker({ netPrices: { adult: 12_000, child: 8_000, trip: null } });
    await user.click(await screen.findByRole('button', { name: /November 24th, 2026, available/ }));
    const times = screen.getByRole('group', { name: /Start time/ });
    expect(within(times).getByRole('radio', { name: /15:00/ })).toBeInTheDocument();
    expect(within(times).getByText('Tickets left: 2')).toBeInTheDocument();
    await user.click(within(times).getByRole('radio', { name: /09:00/ }));
    await user.click(screen.getByRole('button', { name: 'More children' }));
    await user.click(screen.getByRole('button', { name: 'More infants' }));

    const total = screen.getByTestId('booking-total');
    expect(within(total).getByText('AED 250.00')).toBeInTheDocument();
    expect(within(total).getByText('AED 200.00')).toBeInTheDocument();
    expect(continueLink()).toHaveAttribute('href', `/checkout?offer=${OFFER_ID}&date=2026-11-24&time=09%3A00&adults=1&children=1&infants=1`);
  });

  it('picks the only start time of a day by itself', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: /November 26th, 2026, available/ }));
    expect(screen.getByRole('radio', { name: /10:00/ })).toBeChecked();
    expect(continueLink()).toHaveAttribute('href', expect.stringContaining('time=10%3A00'));
  });

  it("shows each open day's price and each time's seats left and price from the month it loaded, with the NET one for an agent allowed it", async () => {
    const user = userEvent.setup();
    renderPicker({ netPrices: { adult: 11_000, child: 8_000, trip: null } });
    const open = await screen.findByRole('button', { name: /November 24th, 2026, available/ });
    // The day's lowest price under its number, and in full as its description; none on a sold-out day.
    expect(within(open).getByTestId('day-price')).toHaveTextContent('150');
    expect(open).toHaveAttribute('title', expect.stringMatching(/^from AED\s?150\.00$/));
    expect(within(day(/November 25th, 2026, sold out/)).queryByTestId('day-price')).toBeNull();
    const before = requests.length;
    await user.click(open);
    const morning = screen.getByRole('radio', { name: '09:00' });
    expect(morning).toHaveAccessibleDescription(/Tickets left: 8.*from AED\s?150\.00.*NET from AED\s?110\.00/);
    expect(screen.getByRole('radio', { name: '15:00' })).toHaveAccessibleDescription(/Tickets left: 2/);
    // Everything came with the month: choosing a day asks nothing more.
    expect(requests.length).toBe(before);
  });

  it('offers an opening-hours ticket as entry any time during the day’s opening hours, not at a start time', async () => {
    const user = userEvent.setup();
    renderPicker({ offer: { ...offer, availabilityType: 'opening_hours' } });
    await user.click(await screen.findByRole('button', { name: /November 26th, 2026, available/ }));
    const entry = screen.getByRole('group', { name: /Entry/ });
    expect(within(entry).getByRole('radio', { name: 'Any time during opening hours, from 10:00' })).toBeChecked();
    expect(screen.queryByRole('group', { name: /Start time/ })).not.toBeInTheDocument();
    expect(continueLink()).toHaveAttribute('href', expect.stringContaining('time=10%3A00'));
  });

  it('says when the stock runs out and blocks continuing until the counts fit', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: /November 24th, 2026, available/ }));
    await user.click(screen.getByRole('radio', { name: /15:00/ }));
    await user.click(screen.getByRole('button', { name: 'More adults' }));
    expect(continueLink()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More infants' }));

    const message = screen.getByTestId('stock-problem');
    expect(message).toHaveTextContent('No more available stock, max 2. Please contact admin.');
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue to checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Fewer infants' }));
    expect(screen.queryByTestId('stock-problem')).not.toBeInTheDocument();
    expect(continueLink()).toBeInTheDocument();
  });

  it('starts at the minimum number of people and says so when the counts fall below it', async () => {
    const user = userEvent.setup();
    renderPicker({ offer: { ...offer, minPeople: 2 } });
    await user.click(await screen.findByRole('button', { name: /November 26th, 2026, available/ }));
    expect(continueLink()).toHaveAttribute('href', expect.stringContaining('adults=2'));
    await user.click(screen.getByRole('button', { name: 'Fewer adults' }));
    expect(screen.getByTestId('stock-problem')).toHaveTextContent('Minimum number of people: 2');
    expect(screen.queryByRole('link', { name: 'Continue to checkout' })).not.toBeInTheDocument();
    // Infants do not count towards the minimum; a child does.
    await user.click(screen.getByRole('button', { name: 'More infants' }));
    expect(screen.getByTestId('stock-problem')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More children' }));
    expect(continueLink()).toHaveAttribute('href', expect.stringContaining('adults=1&children=1&infants=1'));
  });

  it('turns a slot past its cut-off into a request', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(await screen.findByRole('button', { name: /November 21st, 2026, available/ }));
    expect(screen.getByRole('radio', { name: /22:00/ })).toBeChecked();
    expect(screen.getByText('Automatic confirmation is no longer possible, contact the reservation admin.')).toBeInTheDocument();
    expect(continueLink()).toHaveAttribute('href', expect.stringContaining('date=2026-11-21&time=22%3A00'));
  });

  it('shows the month asked for when the answers come out of order', async () => {
    const user = userEvent.setup();
    // November answers only after December has.
    let answerNovember!: () => void;
    byMonth = (month) =>
      month === '2026-11'
        ? new Promise<Response>((resolve) => (answerNovember = () => resolve(HttpResponse.json(NOVEMBER))))
        : Promise.resolve(HttpResponse.json(DECEMBER));
    renderPicker();
    expect(await screen.findByText('Loading availability…')).toBeInTheDocument();
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('button', { name: /December 3rd, 2026, available/ })).toBeInTheDocument();
    expect(requests[1]?.url.search).toBe(`?id=${OFFER_ID}&from=2026-12-01&to=2026-12-31`);
    await act(async () => answerNovember());
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /December 3rd, 2026, available/ })).toBeInTheDocument();

    // Back to the current month, answered meanwhile, and no further back.
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('button', { name: /November 24th, 2026, available/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute('aria-disabled', 'true');
    expect(requests).toHaveLength(2);
  });

  it('shows an error with a retry when the availability cannot be loaded', async () => {
    const user = userEvent.setup();
    byMonth = async () => new HttpResponse(null, { status: 500 });
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the availability.');
    byMonth = async () => HttpResponse.json(NOVEMBER);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /November 24th, 2026, available/ })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('moves between days with the arrow keys', async () => {
    const user = userEvent.setup();
    renderPicker();
    const first = await screen.findByRole('button', { name: /November 21st, 2026, available/ });
    // The first open day is the grid's one tab stop.
    expect(first).toHaveAttribute('tabindex', '0');
    expect(day(/November 24th, 2026/)).toHaveAttribute('tabindex', '-1');
    act(() => first.focus());
    await user.keyboard('{ArrowDown}{ArrowLeft}{ArrowLeft}');
    expect(day(/November 26th, 2026/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(day(/November 26th, 2026/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('lets an offer without live availability be requested for any day from tomorrow, with no start time', async () => {
    const user = userEvent.setup();
    renderPicker({ offer: { ...offer, hasLiveAvailability: false } });
    expect(screen.getByText('This ticket has no live availability: the booking will be confirmed manually later.')).toBeInTheDocument();
    expect(day(/November 21st, 2026, not available/)).toHaveAttribute('aria-disabled', 'true');
    await user.click(day(/November 22nd, 2026, available/));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(continueLink()).toHaveAttribute('href', `/checkout?offer=${OFFER_ID}&date=2026-11-22&adults=1&children=0&infants=0`);
    expect(requests).toHaveLength(0);
  });

  it('speaks Russian with weeks from Monday and links to the Russian checkout', async () => {
    const user = userEvent.setup();
    route.locale = 'ru';
    renderPicker({ labels: ru.availability });
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('пн');
    await user.click(await screen.findByRole('button', { name: /24 ноября 2026 г\., есть места/ }));
    await user.click(screen.getByRole('radio', { name: /09:00/ }));
    expect(screen.getByRole('link', { name: 'Перейти к оформлению' })).toHaveAttribute('href', expect.stringMatching(/^\/ru\/checkout\?offer=/));
  });
});
