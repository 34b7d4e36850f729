/**
 * Once a panel that just opened is shown (the next frame), moves the focus to its first field
 * (`data-autofocus`), unless the user has already put it in one of the panel's fields: on a slow
 * device the frame can come after a quick click or tab, and what they then type must stay where
 * they typed it.
 */
export function focusFirstField(panel: HTMLElement | null) {
  requestAnimationFrame(() => {
    if (!panel) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && panel.contains(active) && active.matches('input, select, textarea')) return;
    panel.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  });
}
