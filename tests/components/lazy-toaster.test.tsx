// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { LazyToaster, showToast } from '@/components/shell/lazy-toaster';

const navigation = vi.hoisted(() => ({ pathname: '/checkout' }));
vi.mock('next/navigation', () => ({ usePathname: () => navigation.pathname }));

describe('LazyToaster', () => {
  it('renders nothing until a toast is asked for, then shows it and the ones after it', async () => {
    const { container } = render(<LazyToaster position="top-right" />);
    expect(container).toBeEmptyDOMElement();

    act(() => showToast({ kind: 'error', text: 'Server is under maintenance' }));
    expect(await screen.findByText('Server is under maintenance')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();

    act(() => showToast({ kind: 'success', text: 'Saved' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('closes the toasts of a page when another page opens, and shows the new page’s', async () => {
    navigation.pathname = '/checkout';
    const { rerender } = render(<LazyToaster />);
    act(() => showToast({ kind: 'error', text: 'Promo code not found.' }));
    expect(await screen.findByText('Promo code not found.')).toBeInTheDocument();

    // Another query on the same page (the promo in the address) is still that page.
    rerender(<LazyToaster />);
    expect(screen.getByText('Promo code not found.')).toBeInTheDocument();

    navigation.pathname = '/my-bookings/TD-7K2P9Q';
    rerender(<LazyToaster />);
    await waitFor(() => expect(screen.queryByText('Promo code not found.')).not.toBeInTheDocument());
    act(() => showToast({ kind: 'success', text: 'Booking confirmed' }));
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
  });
});
