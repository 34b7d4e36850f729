// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutForm, type CheckoutFormLabels, type ProviderMethodView } from '@/components/checkout/checkout-form';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import payments from '@/messages/payments/en.json';
import type { PaymentMethod } from '@/shared/bookings/checkout-schema';
import { formatMoney } from '@/shared/money/money';
import { quoteCharge } from '@/shared/payments/charge-quote';

// A card, crypto or SBP method shows what it charges, line by line (spec §9), before
// the Book button; a sandbox provider is labelled as test payments; Stripe's wallets ask for the
// guest's details first.

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }), useRouter: () => ({ prefetch: () => undefined }) }));
vi.mock('@/server/checkout/checkout-actions', () => ({ checkoutAction: vi.fn() }));
vi.mock('@/server/bookings/promo-actions', () => ({ applyPromoAction: vi.fn() }));

const t = payments.payments;
const charge = createTranslator({ locale: 'en', messages: payments, namespace: 'payments.charge' });
const FEES = { rubCardFeePercent: 2, rubTaxPercent: 6, rubConversionFeePercent: 4 };

/** What the checkout page hands the form for a quote: each line labelled and formatted. */
function view(method: 'card' | 'sbp' | 'crypto', currency: 'RUB' | 'AED', extra: Partial<ProviderMethodView> = {}): ProviderMethodView {
  const quote = quoteCharge({ baseAmountMinor: 500_00, currency, method, rates: { rubPerAed: 24.5 }, fees: FEES });
  return {
    isSandbox: true,
    walletsNeedGuestDetails: false,
    lines: quote.lines.map((line) => ({ label: line.percent === null ? t.charge[line.kind] : charge(line.kind, { percent: line.percent }), amount: formatMoney(line.amountMinor, currency, 'en') })),
    total: { label: t.charge.total, amount: formatMoney(quote.totalMinor, currency, 'en') },
    ...extra,
  };
}

const labels: CheckoutFormLabels = {
  ...Object.fromEntries(Object.entries(en.checkout).filter(([, value]) => typeof value === 'string')),
  emailMismatch: en.checkout.errors.emailMismatch,
  invalidForm: en.errors.validation,
  fieldMessages: {},
  pickUpMode: en.checkout.pickUpNone,
  pickUpCityOnly: null,
  promoHint: en.checkout.promoNote,
  promoApplied: en.checkout.promoApplied,
  paymentMethods: en.booking.paymentMethod,
  errorSummary: ['', '1', '2'],
  requestOnly: null,
  loader: [],
  sandbox: t.sandbox,
  walletsNeedGuestDetails: t.walletsNeedGuestDetails,
  charge: t.charge.title,
  submitPay: t.submitPay,
  submitPayAmount: t.submitPayAmount,
  totalToPay: t.charge.total,
} as unknown as CheckoutFormLabels;

function renderForm(providerMethods: Partial<Record<'card' | 'crypto' | 'sbp', ProviderMethodView>>) {
  const methods: PaymentMethod[] = ['balance', 'cash', 'request', ...(Object.keys(providerMethods) as PaymentMethod[])];
  return render(
    <HttpFeedbackProvider labels={en.errors}>
      <CurrencyProvider defaultCurrency="AED">
      <CheckoutForm
        hidden={{ offerId: 'o1', date: '2026-12-20', time: '', adults: '1', children: '0', infants: '0' }}
        pickUp="none"
        hotels={[]}
        appliedPromo={null}
        refusedPromo={null}
        paymentMethods={methods}
        providerMethods={providerMethods}
        balanceShort={false}
        canTopUp
        totals={{ netMinor: 480_00, publishedMinor: 600_00 }}
        labels={labels}
      />
      </CurrencyProvider>
    </HttpFeedbackProvider>,
  );
}

describe('checkout charge lines', () => {
  it('shows roubles with the conversion fee, card fee and tax line by line for a card on the Russian domain, and no card fee for SBP', async () => {
    renderForm({ card: view('card', 'RUB'), sbp: view('sbp', 'RUB') });
    expect(screen.queryByTestId('charge-lines')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.checkout.submit })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Card/ }));
    const charge = screen.getByTestId('charge-lines');
    const lines = within(charge).getAllByTestId('charge-line').map((line) => line.textContent);
    // AED 500 at 24.5: RUB 12,250 + 4% 490 + 2% 245 + 6% 735 = 13,720.
    expect(lines).toEqual([
      `Subtotal${formatMoney(12_250_00, 'RUB', 'en')}`,
      `Conversion fee (4%)${formatMoney(490_00, 'RUB', 'en')}`,
      `Card fee (2%)${formatMoney(245_00, 'RUB', 'en')}`,
      `Tax (6%)${formatMoney(735_00, 'RUB', 'en')}`,
    ]);
    expect(within(charge).getByTestId('charge-total').textContent).toBe(`Total to pay${formatMoney(13_720_00, 'RUB', 'en')}`);
    // The button and the pay bar name the charge's total, in the charge's currency.
    expect(screen.getByRole('button', { name: `Pay ${formatMoney(13_720_00, 'RUB', 'en')}` })).toBeInTheDocument();
    expect(screen.getByTestId('pay-bar-total').textContent).toBe(`Total to pay${formatMoney(13_720_00, 'RUB', 'en')}`);

    await userEvent.click(screen.getByRole('radio', { name: /SBP/ }));
    expect(within(screen.getByTestId('charge-lines')).getAllByTestId('charge-line')).toHaveLength(3);
    expect(screen.getByTestId('charge-lines')).not.toHaveTextContent('Card fee');
  });

  it('charges AED without fees elsewhere, labels the sandbox, and says Stripe’s wallets need the guest details', async () => {
    renderForm({ card: view('card', 'AED', { walletsNeedGuestDetails: true }), crypto: view('crypto', 'AED', { isSandbox: false }) });
    const card = screen.getByTestId('payment-card');
    expect(within(card).getByTestId('sandbox-label')).toHaveTextContent(t.sandbox);
    expect(within(screen.getByTestId('payment-crypto')).queryByTestId('sandbox-label')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(t.walletsNeedGuestDetails);
    expect(screen.getByRole('radio', { name: /Card/ })).toHaveAccessibleDescription(t.walletsNeedGuestDetails);

    await userEvent.click(screen.getByRole('radio', { name: /Card/ }));
    expect(within(screen.getByTestId('charge-lines')).getAllByTestId('charge-line')).toHaveLength(1);
    expect(screen.getByTestId('charge-total').textContent).toBe(`Total to pay${formatMoney(500_00, 'AED', 'en')}`);
    expect(screen.getByRole('button', { name: `Pay ${formatMoney(500_00, 'AED', 'en')}` })).toBeInTheDocument();
  });

  it('puts the NET the balance debits in the pay bar, and the published rate for cash', async () => {
    renderForm({});
    expect(screen.getByTestId('pay-bar-total')).toHaveTextContent(/^Total to pay.*480/);
    await userEvent.click(screen.getByRole('radio', { name: /Cash/ }));
    expect(screen.getByTestId('pay-bar-total')).toHaveTextContent(new RegExp(`^${en.checkout.publishedRate}.*600`));
    expect(screen.getByRole('button', { name: en.checkout.submit })).toBeInTheDocument();
  });
});
