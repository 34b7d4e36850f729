// The links of a widget site's contact block, built from what the agency typed in the editor.
// The editor's schema checks these fields; the checks here are kept so a link is never made from
// anything but a number, a handle or an HTTPS address, whatever got stored.

/** The address itself if it is an HTTPS URL, else null (no `javascript:` or plain-HTTP link). */
export function httpsHref(value: string): string | null {
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** `+971 (50) 123-45-67` → `+971501234567`, or null without digits. */
function internationalNumber(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  return digits ? `+${digits}` : null;
}

export function phoneHref(value: string): string | null {
  const number = internationalNumber(value);
  return number && `tel:${number}`;
}

export function whatsAppHref(value: string): string | null {
  const number = internationalNumber(value);
  return number && `https://wa.me/${number.slice(1)}`;
}

export function viberHref(value: string): string | null {
  const number = internationalNumber(value);
  return number && `viber://chat?number=${encodeURIComponent(number)}`;
}

/** A `@handle` or a handle opens t.me; a link is kept if it is HTTPS. */
export function telegramHref(value: string): string | null {
  const handle = /^@?([A-Za-z0-9_]{5,32})$/.exec(value)?.[1];
  return handle ? `https://t.me/${handle}` : httpsHref(value);
}

export function emailHref(value: string): string | null {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(value) ? `mailto:${value}` : null;
}
