// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { CurrencySwitch } from '@/components/currency/currency-switch';
import { Price } from '@/components/catalog/price';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

const FILS = 15_000;
const RealNumberFormat = Intl.NumberFormat;
let numberFormatsConstructed = 0;

beforeEach(() => {
  numberFormatsConstructed = 0;
  Intl.NumberFormat = new Proxy(RealNumberFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      numberFormatsConstructed += 1;
      return new target(...args);
    },
  });
});
afterEach(() => {
  Intl.NumberFormat = RealNumberFormat;
  document.cookie = 'currency=; path=/; max-age=0';
});

describe('Price', () => {
  // The text the server sends is written out: formatting it here would warm the formatter cache.
  it('hydrates from the text the server formatted, without setting up Intl, and formats a switched currency itself', async () => {
    render(
      <CurrencyProvider defaultCurrency="AED">
        <CurrencySwitch label="Currency" />
        <Price fils={FILS} preformatted={{ currency: 'AED', text: 'AED 150.00' }} />
      </CurrencyProvider>,
    );
    expect(screen.getByText('AED 150.00')).toHaveAttribute('data-price-aed', String(FILS));
    expect(numberFormatsConstructed).toBe(0);

    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(screen.getByText('USD 41.10')).toBeInTheDocument();
    expect(numberFormatsConstructed).toBe(1);
  });

  it('ignores a preformatted text in another currency than the visitor chose', () => {
    document.cookie = 'currency=USD; path=/';
    render(
      <CurrencyProvider defaultCurrency="AED">
        <Price fils={FILS} preformatted={{ currency: 'AED', text: 'AED 150.00' }} />
      </CurrencyProvider>,
    );
    expect(screen.getByText('USD 41.10')).toBeInTheDocument();
    expect(screen.queryByText('AED 150.00')).not.toBeInTheDocument();
  });
});
