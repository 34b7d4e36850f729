// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmitButton } from '@/components/forms/submit-button';

// The one submit button: while its form is sent it is disabled and aria-busy, and says so.

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('SubmitButton', () => {
  it('is disabled, busy and shows its pending label with a spinner while the form is sent, then returns', async () => {
    const sent = deferred();
    const action = vi.fn(() => sent.promise);
    render(
      <form action={action}>
        <SubmitButton label="Save" pendingLabel="Saving…" spinner className="justify-self-start" />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toBeEnabled();
    expect(button).toHaveClass('justify-self-start');
    expect(button.querySelector('svg')).toBeNull();

    await userEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.getByText('Saving…')).toHaveAttribute('aria-live', 'polite');

    await act(async () => sent.resolve());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps its label without a pending label, and shows what it is given while pending', async () => {
    const sent = deferred();
    render(
      <form action={() => sent.promise}>
        <SubmitButton label="Pay AED 130.00" size="lg" whilePending={<p data-testid="overlay">Confirming</p>} />
      </form>,
    );
    expect(screen.queryByTestId('overlay')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay AED 130.00' }));
    expect(await screen.findByTestId('overlay')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay AED 130.00' })).toBeDisabled();
    await act(async () => sent.resolve());
    expect(screen.queryByTestId('overlay')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay AED 130.00' })).toBeEnabled();
  });

  it('follows a pending state given by a form that runs its own transition, and a disabled one', () => {
    const { rerender } = render(<SubmitButton label="Save" pendingLabel="Saving…" pending icon={<svg data-testid="icon" />} spinner />);
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('icon')).not.toBeInTheDocument();

    rerender(<SubmitButton label="Save" pendingLabel="Saving…" pending={false} icon={<svg data-testid="icon" />} spinner />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByTestId('icon')).toBeInTheDocument();

    rerender(<SubmitButton label="Pay" pendingLabel="Paying…" pending={false} disabled />);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveAttribute('aria-busy', 'false');
  });

  it('is the destructive confirmation with a description and the focus target of its panel', () => {
    render(
      <>
        <p id="question">Cancel this booking?</p>
        <SubmitButton label="Yes, cancel" describedBy="question" destructive autoFocusTarget form="cancel" />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Yes, cancel' });
    expect(button).toHaveAccessibleDescription('Cancel this booking?');
    expect(button).toHaveClass('bg-destructive');
    expect(button).toHaveAttribute('data-autofocus', 'true');
    expect(button).toHaveAttribute('form', 'cancel');
  });
});
