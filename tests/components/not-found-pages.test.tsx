// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { BookingNotFoundSearch } from '@/components/bookings/detail/booking-not-found-search';
import { NotFoundSearch } from '@/components/errors/not-found-search';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

// The 404 pages offer a way on: the booking page's names the reference asked for and keeps it in
// its search; the site's offers a tour search where the host has search.

const route = vi.hoisted(() => ({ params: {} as Record<string, string> }));
vi.mock('next/navigation', () => ({ useParams: () => route.params }));

const bookingLabels = (messages: typeof en) => ({
  textFor: messages.bookingDetail.notFound.textFor,
  text: messages.bookingDetail.notFound.text,
  referenceLabel: messages.bookingDetail.notFound.referenceLabel,
  search: messages.bookingDetail.notFound.search,
});

describe('the booking page’s 404', () => {
  it('names the reference typed and keeps it in the search by reference', () => {
    route.params = { locale: 'en', variant: 'main', reference: 'TD-7K2P9QX' };
    render(<BookingNotFoundSearch action="/my-bookings" labels={bookingLabels(en)} />);
    expect(screen.getByTestId('booking-not-found-text')).toHaveTextContent('There is no booking TD-7K2P9QX among the bookings you can see.');
    const search = screen.getByRole('search', { name: 'Find booking' });
    expect(search).toHaveAttribute('action', '/my-bookings');
    expect(screen.getByLabelText('Booking reference')).toHaveValue('TD-7K2P9QX');
  });

  it('says it in Russian, repeating a mistyped reference as text, decoded and cut to the search’s length', () => {
    route.params = { locale: 'ru', variant: 'russian', reference: encodeURIComponent('td 7k2<b>x</b>-and-more-and-more') };
    render(<BookingNotFoundSearch action="/ru/my-bookings" labels={bookingLabels(ru)} />);
    expect(screen.getByTestId('booking-not-found-text')).toHaveTextContent('нет бронирования td 7k2<b>x</b>-and-m.');
    expect(screen.getByLabelText('Номер бронирования')).toHaveValue('td 7k2<b>x</b>-and-m');
  });
});

describe('the site’s 404', () => {
  const labels = { search: en.errors.notFoundSearch, placeholder: en.errors.notFoundSearchPlaceholder, submit: en.errors.notFoundSearchSubmit };

  it('offers a tour search', () => {
    render(<NotFoundSearch action="/search" labels={labels} />);
    expect(screen.getByRole('search', { name: 'Search for a tour' })).toHaveAttribute('action', '/search');
    expect(screen.getByRole('searchbox', { name: 'Search for a tour' })).toHaveAttribute('name', 'q');
  });

  // Hidden on a host without search by the site shell's `data-search` (e2e/shell.spec.ts).
});
