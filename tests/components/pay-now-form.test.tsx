// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { PayNowForm, type PayNowOption } from '@/components/pay/pay-now-form';
import en from '@/messages/en.json';
import payments from '@/messages/payments/en.json';

// "Pay now" on a booking that needs payment offers the host's provider methods and
// the balance (with the funds available to a role that may see them); a plain form posting the
// booking's reference and the chosen method.

vi.mock('@/server/checkout/checkout-actions', () => ({ payBookingAction: vi.fn(async () => null) }));

const t = payments.payments;
const labels = { legend: t.payNow.legend, pay: t.payNow.pay, payAmount: t.payNow.payAmount, paying: t.payNow.paying, sandbox: t.sandbox };
const options: PayNowOption[] = [
  { method: 'card', label: en.booking.paymentMethod.card, sandbox: true, amount: 'AED 130.00' },
  { method: 'crypto', label: en.booking.paymentMethod.crypto, sandbox: true },
  { method: 'balance', label: en.booking.paymentMethod.balance, note: 'available: AED 60,000.00' },
];

function renderForm(compact = false) {
  return render(
    <HttpFeedbackProvider labels={en.errors}>
      <PayNowForm reference="TD-ABCDEFG" options={options} labels={labels} compact={compact} />
    </HttpFeedbackProvider>,
  );
}

describe('PayNowForm', () => {
  it('offers each method as a radio, the first chosen, the sandbox labelled and the balance with its funds', async () => {
    renderForm();
    const group = screen.getByRole('group', { name: t.payNow.legend });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios[0]).toBeChecked();
    expect(screen.getByTestId('pay-now-card')).toHaveTextContent(t.sandbox);
    expect(screen.getByTestId('pay-now-balance')).toHaveTextContent('available: AED 60,000.00');
    // The button names what the chosen method charges, where the page knows it.
    expect(screen.getByRole('button', { name: 'Pay AED 130.00' })).toBeEnabled();

    await userEvent.click(within(group).getByRole('radio', { name: /Account balance/ }));
    expect(within(group).getByRole('radio', { name: /Account balance/ })).toBeChecked();
    const form = screen.getByTestId('pay-now-form') as HTMLFormElement;
    expect(Object.fromEntries(new FormData(form))).toEqual({ reference: 'TD-ABCDEFG', method: 'balance' });
    expect(screen.getByRole('button', { name: t.payNow.pay })).toBeEnabled();
  });

  it('is a select beside the button in a list row', () => {
    renderForm(true);
    const select = screen.getByRole('combobox', { name: t.payNow.legend });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Card', 'Crypto', 'Account balance (available: AED 60,000.00)']);
  });
});
