// What the agent has typed into the checkout, kept in sessionStorage for the tab:
// switching the language loads the other locale's checkout, a new page whose form starts empty.
// Kept per selection (offer, date, time, guests), so another tour's checkout does not inherit it.

/** The fields a draft keeps: what the agent typed or chose, never the hidden selection or the attempt key. */
export const DRAFT_FIELDS = ['guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'hotelId', 'room', 'notes', 'promoCode', 'paymentMethod'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type CheckoutDraft = Partial<Record<DraftField, string>>;

export function draftKey(selection: Partial<Record<string, string>>): string {
  const { offerId = '', date = '', time = '', adults = '', children = '', infants = '' } = selection;
  return `checkout-draft:${offerId}:${date}:${time}:${adults}-${children}-${infants}`;
}

/** The stored draft as text: a stable snapshot for `useSyncExternalStore`. */
export function readStoredDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // Storage off (private mode): nothing was kept.
    return null;
  }
}

export function parseDraft(stored: string | null): CheckoutDraft | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const entries = Object.entries(parsed).filter(
      (entry): entry is [DraftField, string] => (DRAFT_FIELDS as readonly string[]).includes(entry[0]) && typeof entry[1] === 'string',
    );
    return Object.fromEntries(entries);
  } catch {
    // A damaged entry: the form just starts empty.
    return null;
  }
}

export function readDraft(key: string): CheckoutDraft | null {
  return parseDraft(readStoredDraft(key));
}

export function saveDraft(key: string, form: HTMLFormElement): void {
  const data = new FormData(form);
  const draft: CheckoutDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = data.get(field);
    if (typeof value === 'string' && value !== '') draft[field] = value;
  }
  writeDraft(key, draft);
}

export function writeDraft(key: string, draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Not kept: the language switch then starts the form afresh, as before.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
