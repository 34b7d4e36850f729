// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { CurrencyProvider, useCurrency } from '@/components/currency/currency-provider';
import { Price } from '@/components/catalog/price';

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

let switchCurrency: ReturnType<typeof useCurrency>['setCurrency'] = () => undefined;
function CurrencyHandle() {
  switchCurrency = useCurrency().setCurrency;
  return null;
}

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
  it('hydrates from the text the server formatted, without setting up Intl, and formats a switched currency itself', () => {
    render(
      <CurrencyProvider defaultCurrency="AED">
        <CurrencyHandle />
        <Price fils={FILS} preformatted={{ currency: 'AED', text: 'AED 150.00' }} />
      </CurrencyProvider>,
    );
    expect(screen.getByText('AED 150.00')).toHaveAttribute('data-price-aed', String(FILS));
    expect(numberFormatsConstructed).toBe(0);

    act(() => switchCurrency('USD'));
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
