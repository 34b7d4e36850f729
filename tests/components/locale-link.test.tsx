// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocaleLink } from '@/components/i18n/locale-link';

const prefetch = vi.hoisted(() => vi.fn());
vi.mock('next/navigation', () => ({ useParams: () => ({ locale: 'ru' }), useRouter: () => ({ prefetch }) }));

beforeEach(() => prefetch.mockClear());

describe('LocaleLink', () => {
  it('links in the page\'s language and prefetches only when the visitor reaches for the link', async () => {
    const onFocus = vi.fn();
    render(
      <LocaleLink href="/city/dubai" onFocus={onFocus}>
        Dubai
      </LocaleLink>,
    );
    const link = screen.getByRole('link', { name: 'Dubai' });
    expect(link).toHaveAttribute('href', '/ru/city/dubai');
    expect(prefetch).not.toHaveBeenCalled();

    await userEvent.hover(link);
    expect(prefetch).toHaveBeenLastCalledWith('/ru/city/dubai');

    fireEvent.touchStart(link);
    await userEvent.tab();
    expect(link).toHaveFocus();
    expect(prefetch).toHaveBeenCalledTimes(3);
    expect(onFocus).toHaveBeenCalledTimes(1);
  });
});
