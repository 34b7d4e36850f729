// A 422 names fields by their wire names (`promoCode`, `contactPhone`). A person knows them by the
// labels on the page, which the page already renders in its language: the toast reads them there.

type NamedControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isNamedControl(element: Element): element is NamedControl {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

function textOf(element: Element | null | undefined): string | null {
  // A required marker is part of some labels, not of the field's name.
  const text = element?.textContent?.replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim();
  return text ? text : null;
}

function labelledBy(element: Element): string | null {
  const ids = element.getAttribute('aria-labelledby')?.split(/\s+/).filter(Boolean) ?? [];
  const text = ids.map((id) => textOf(element.ownerDocument.getElementById(id))).filter((part): part is string => part !== null).join(' ');
  return text || null;
}

/** The name of a group of choices (radio buttons): its radiogroup's label, else its fieldset's legend. */
function groupLabel(control: NamedControl): string | null {
  const group = control.closest('[role="radiogroup"]');
  if (group) {
    const named = group.getAttribute('aria-label')?.trim() || labelledBy(group);
    if (named) return named;
  }
  return textOf(control.closest('fieldset')?.querySelector(':scope > legend'));
}

function controlLabel(control: NamedControl): string | null {
  if (control instanceof HTMLInputElement && control.type === 'hidden') return null;
  // One of several choices: its own label is a choice ("Card"), the group's is the field ("Payment").
  const isChoice =
    control instanceof HTMLInputElement &&
    (control.type === 'radio' || (control.type === 'checkbox' && control.ownerDocument.querySelectorAll(`[name="${CSS.escape(control.name)}"]`).length > 1));
  if (isChoice) return groupLabel(control);
  return textOf(control.labels?.[0]) ?? (control.getAttribute('aria-label')?.trim() || null) ?? labelledBy(control);
}

/** The label of the page's field named `fieldName`, as the page shows it; null when the page has no such field. */
export function fieldLabelOnPage(fieldName: string): string | null {
  if (typeof document === 'undefined' || !fieldName) return null;
  for (const element of document.querySelectorAll(`[name="${CSS.escape(fieldName)}"]`)) {
    const label = isNamedControl(element) ? controlLabel(element) : null;
    if (label) return label;
  }
  return null;
}
