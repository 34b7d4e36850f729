// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Price } from '@/components/catalog/price';
import { CurrencyProvider } from '@/components/currency/currency-provider';
import { CurrencySwitch } from '@/components/currency/currency-switch';
import { displayCurrenciesFor, resolveDisplayCurrency } from '@/shared/money/display-currencies';
import { CURRENCY_COOKIE } from '@/shared/money/money';
import { VARIANT_FEATURES, type Variant } from '@/shared/sites/site-variants';

// Roubles appear in the header's currency switch on the Russian domain only, priced
// at the settings' rate; the server re-checks a cookie against the host's list.

vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'en' }) }));

const RATES = { rubPerAed: 24.5 };

function renderSwitch(variant: Variant) {
  const currencies = displayCurrenciesFor(variant);
  return render(
    <CurrencyProvider defaultCurrency={VARIANT_FEATURES[variant].defaultCurrency} currencies={currencies} rates={currencies.includes('RUB') ? RATES : undefined}>
      <CurrencySwitch label="Currency" />
      <Price fils={100_00} />
    </CurrencyProvider>,
  );
}

afterEach(() => {
  document.cookie = `${CURRENCY_COOKIE}=; path=/; max-age=0`;
});

describe('currency switch per host', () => {
  it.each(['main', 'second'] as const)('offers AED and USD on the %s host', (variant) => {
    renderSwitch(variant);
    const radios = within(screen.getByRole('radiogroup', { name: 'Currency' })).getAllByRole('radio');
    expect(radios.map((radio) => radio.textContent)).toEqual(['AED', 'USD']);
  });

  it('offers roubles on the Russian domain, and prices follow the settings’ rate', async () => {
    renderSwitch('russian');
    const group = screen.getByRole('radiogroup', { name: 'Currency' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['AED', 'USD', 'RUB']);
    await userEvent.click(within(group).getByRole('radio', { name: 'RUB' }));
    expect(within(group).getByRole('radio', { name: 'RUB' })).toHaveAttribute('aria-checked', 'true');
    // AED 100 × 24.5 = RUB 2,450.00.
    expect(screen.getByText(/2,450\.00/)).toHaveTextContent('RUB');
  });

  it('ignores a rouble choice made on the Russian domain on another host', () => {
    document.cookie = `${CURRENCY_COOKIE}=RUB; path=/`;
    renderSwitch('main');
    expect(screen.getByRole('radio', { name: 'AED' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/100\.00/)).toHaveTextContent('AED');
  });

  it('does not offer roubles without a rate to price them', () => {
    render(
      <CurrencyProvider defaultCurrency="USD" currencies={displayCurrenciesFor('russian')}>
        <CurrencySwitch label="Currency" />
      </CurrencyProvider>,
    );
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['AED', 'USD']);
  });

  it('checks the cookie on the server against the host’s list', () => {
    expect(resolveDisplayCurrency('RUB', 'russian')).toBe('RUB');
    expect(resolveDisplayCurrency('RUB', 'main')).toBe('AED');
    expect(resolveDisplayCurrency('EUR', 'russian')).toBe('USD');
    expect(resolveDisplayCurrency(undefined, 'second')).toBe('AED');
  });
});
