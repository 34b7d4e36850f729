// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { CurrencySwitch } from '@/components/currency/currency-switch';
import { Price, PriceSum } from '@/components/catalog/price';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

afterEach(() => {
  document.cookie = 'currency=; path=/; max-age=0';
});

// The private speedboat's refund (3,100.00 AED less 77.50): each figure converted on its own
// showed USD 849.32 − 21.23 = 828.08.
const GROSS = 310_000;
const FEE = 7_750;

function RefundFigures() {
  return (
    <dl>
      <dt>Refund before the fee</dt>
      <dd>
        <Price fils={GROSS} />
      </dd>
      <dt>Processing fee</dt>
      <dd>
        <Price fils={FEE} />
      </dd>
      <dt>Back to the balance</dt>
      <dd data-testid="refund">
        <PriceSum parts={[GROSS, -FEE]} />
      </dd>
    </dl>
  );
}

describe('PriceSum', () => {
  it('shows the refund as the shown refund before the fee less the shown fee, in USD and AED', async () => {
    document.cookie = 'currency=USD; path=/';
    render(
      <CurrencyProvider defaultCurrency="AED">
        <CurrencySwitch label="Currency" />
        <RefundFigures />
      </CurrencyProvider>,
    );
    expect(screen.getByText('USD 849.32')).toBeInTheDocument();
    expect(screen.getByText('USD 21.23')).toBeInTheDocument();
    expect(screen.getByTestId('refund')).toHaveTextContent('USD 828.09');
    expect(screen.getByTestId('refund').firstElementChild).toHaveAttribute('data-price-aed', String(GROSS - FEE));

    await userEvent.click(screen.getByRole('radio', { name: 'AED' }));
    expect(screen.getByTestId('refund')).toHaveTextContent('AED 3,022.50');
  });
});

describe('CurrencyProvider', () => {
  it('starts a provider mounted after the choice with the chosen currency, not the default', () => {
    document.cookie = 'currency=USD; path=/';
    render(
      <CurrencyProvider defaultCurrency="AED">
        <Price fils={36_500} />
      </CurrencyProvider>,
    );
    expect(screen.getByText('USD 100.00')).toBeInTheDocument();
  });

  it('shows the default until the visitor chooses, and every provider follows a choice', async () => {
    render(
      <>
        <CurrencyProvider defaultCurrency="USD">
          <CurrencySwitch label="Currency" />
          <Price fils={36_500} />
        </CurrencyProvider>
        <CurrencyProvider defaultCurrency="USD">
          <span data-testid="second">
            <Price fils={73_000} />
          </span>
        </CurrencyProvider>
      </>,
    );
    expect(screen.getByText('USD 100.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'AED' }));
    expect(screen.getByText('AED 365.00')).toBeInTheDocument();
    expect(screen.getByTestId('second')).toHaveTextContent('AED 730.00');
  });
});
