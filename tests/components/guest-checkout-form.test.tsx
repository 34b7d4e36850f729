// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { GuestCheckoutForm, type GuestCheckoutLabels } from '@/components/guest-bookings/guest-checkout-form';
import ru from '@/messages/ru.json';
import widgetBookings from '@/messages/widget-bookings/ru.json';
import { formatMoney } from '@/shared/money/money';

// The widget guest's checkout: the open days on a calendar, the party typed before the page
// hydrated kept, and every refusal said at its field in the site's language (here Russian), not
// in the browser's bubbles.

const action = vi.hoisted(() => vi.fn(async () => null));
vi.mock('@/server/widgets/guest-bookings/guest-actions', () => ({ bookAsGuestAction: action }));

const form = widgetBookings.widgetBookings.form;
const labels: GuestCheckoutLabels = {
  ...form,
  pay: form.pay,
  calendar: {
    previousMonth: ru.availability.previousMonth,
    nextMonth: ru.availability.nextMonth,
    dayAvailable: ru.availability.dayAvailable,
    daySoldOut: ru.availability.daySoldOut,
    dayUnavailable: ru.availability.dayUnavailable,
  },
  fieldMessages: Object.fromEntries(Object.entries(ru.checkout.errors).map(([key, message]) => [`checkout.errors.${key}`, message])),
};

const DAYS = [
  { date: '2031-03-10', label: '10 марта 2031', times: ['09:00', '15:00'] },
  { date: '2031-03-12', label: '12 марта 2031', times: ['09:00'] },
  { date: '2031-04-02', label: '2 апреля 2031', times: [] },
];

const checkout = (
  <GuestCheckoutForm
    offerId="7d7c2d7e-2f8b-4a35-9d54-0a8f0e3e2b11"
    days={DAYS}
    prices={{ adult: 100_00, child: 50_00, trip: null }}
    currency="AED"
    locale="ru"
    idempotencyKey="5c1c0a3e-1f4b-4f0e-8d2a-7c9b6e5d4a31"
    opensWindow={false}
    labels={labels}
  />
);

describe('GuestCheckoutForm', () => {
  it('keeps a party typed before hydration and totals it once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(checkout);
    document.body.append(container);
    // The server's page offers the dates as a list until the script runs.
    expect(container.querySelector('select[name="date"]')).not.toBeNull();
    const adults = container.querySelector<HTMLInputElement>('input[name="adults"]')!;
    adults.value = '4';
    await act(async () => {
      hydrateRoot(container, checkout);
    });
    expect(container.querySelector<HTMLInputElement>('input[name="adults"]')!.value).toBe('4');
    expect(within(container).getByTestId('guest-total').textContent).toBe(formatMoney(400_00, 'AED', 'ru'));
    container.remove();
  });

  it('offers the open days on a calendar and says what is wrong in the site’s language', async () => {
    render(checkout);
    const calendar = screen.getByTestId('guest-calendar');
    expect(screen.queryByRole('combobox', { name: form.date })).not.toBeInTheDocument();
    const open = within(calendar).getAllByRole('button', { name: new RegExp(ru.availability.dayAvailable) });
    expect(open.map((day) => day.textContent)).toEqual(['10', '12']);
    await userEvent.click(open[1]!);
    expect(open[1]).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector<HTMLInputElement>('input[name="date"]')!.value).toBe('2031-03-12');
    await userEvent.click(within(calendar).getByRole('button', { name: ru.availability.nextMonth }));
    expect(within(calendar).getAllByRole('button', { name: new RegExp(ru.availability.dayAvailable) }).map((day) => day.textContent)).toEqual(['2']);

    // Nothing typed: the form's own messages, nothing sent, the first field focused.
    const submit = screen.getByRole('button', { name: /^Оплатить/ });
    expect(submit.closest('form')).toHaveAttribute('novalidate');
    await userEvent.click(submit);
    expect(action).not.toHaveBeenCalled();
    const name = screen.getByLabelText(form.guestName);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(expect.stringContaining(ru.checkout.errors.required));
    expect(screen.getByLabelText(form.guestEmail)).toHaveAccessibleDescription(expect.stringContaining(ru.checkout.errors.required));
  });
});
