// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { focusFirstField } from '@/components/agents/focus-first-field';

function renderPanel() {
  render(
    <div role="group" aria-label="Edit agent">
      <input aria-label="Name" data-autofocus />
      <input aria-label="Job title" />
    </div>,
  );
  return screen.getByRole('group');
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('focusFirstField', () => {
  it('moves the focus to the panel’s first field on the next frame', async () => {
    const panel = renderPanel();
    focusFirstField(panel);
    expect(screen.getByLabelText('Name')).not.toHaveFocus();
    await nextFrame();
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('leaves the focus in a field the user reached before that frame', async () => {
    const panel = renderPanel();
    focusFirstField(panel);
    screen.getByLabelText('Job title').focus();
    await nextFrame();
    expect(screen.getByLabelText('Job title')).toHaveFocus();
  });
});
