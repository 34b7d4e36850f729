// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { LazyToaster, showToast } from '@/components/shell/lazy-toaster';

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
});
