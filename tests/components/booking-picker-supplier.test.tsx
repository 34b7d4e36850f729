// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { BookingPicker, type PickerOffer } from '@/components/bookings/picker/booking-picker';
import type { BookingLabels } from '@/components/bookings/picker/labels';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import type { OfferAvailability } from '@/server/availability/queries';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import { FreshClientCache } from '../support/client-cache';

// A supplier-backed offer whose supplier cannot answer now: the availability call answers at once
// with the offer on request and its reason, and the picker takes a request, never an error screen.

const route = vi.hoisted(() => ({ locale: 'en' }));
vi.mock('next/navigation', () => ({ useParams: () => ({ locale: route.locale }), useRouter: () => ({ prefetch: () => undefined }) }));

const OFFER_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const offer: PickerOffer = { id: OFFER_ID, hasLiveAvailability: true, availabilityType: 'start_time', minPeople: 1, retail: { adult: 35_000, child: 17_500, trip: null } };
const ON_REQUEST: OfferAvailability = {
  offerId: OFFER_ID,
  stockMode: 'shared',
  minPeople: 1,
  cutOffHours: 2,
  hasLiveAvailability: false,
  days: [],
  onRequestReason: 'supplierUnavailable',
};

const server = setupServer(http.get('*/api/v1/b2b/availability/ByOffer', () => HttpResponse.json(ON_REQUEST)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T06:00:00Z'));
  route.locale = 'en';
});
afterEach(() => vi.useRealTimers());

function renderPicker(labels: BookingLabels) {
  return render(
    <FreshClientCache>
      <HttpFeedbackProvider labels={en.errors}>
        <CurrencyProvider defaultCurrency="AED">
          <BookingPicker offer={offer} netPrices={null} labels={labels} />
        </CurrencyProvider>
      </HttpFeedbackProvider>
    </FreshClientCache>,
  );
}

describe('BookingPicker with a supplier that cannot answer', () => {
  it('says why and takes a request for any day from tomorrow, with no start time', async () => {
    const user = userEvent.setup();
    renderPicker(en.availability);
    expect(await screen.findByText(en.availability.supplierUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(en.availability.noDatesInMonth)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /November 21st, 2026, not available/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: /November 22nd, 2026, available/ }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute(
      'href',
      `/checkout?offer=${OFFER_ID}&date=2026-11-22&adults=1&children=0&infants=0`,
    );
  });

  it('says it in Russian', async () => {
    route.locale = 'ru';
    renderPicker(ru.availability);
    expect(await screen.findByText('Система туроператора сейчас не отвечает: этот билет бронируется по запросу, его подтвердит наша команда.')).toBeInTheDocument();
  });
});
