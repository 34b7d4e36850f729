// Text as it arrives from a form, a query string or a JSON body. Client-safe and pure: the same
// rules run in a form's resolver and on the server. Control characters are never typed by a
// person, and PostgreSQL refuses NUL in text outright (the query fails, the request answers 500),
// so every text field refuses them at its own field, before anything reaches the database.
import { z } from 'zod';

/** Message key of a field that holds a control character (messages: `errors.controlCharacters`). */
export const CONTROL_CHARACTERS_ERROR = 'errors.controlCharacters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether `value` holds a C0 control (U+0000–U+001F), DEL (U+007F) or a C1 control (U+0080–U+009F).
 * A multi-line field may hold tabs and line breaks; a browser sends a text area's line breaks as
 * CR LF, so both count. NUL is refused everywhere.
 */
export function hasControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code > 0x9f || (code >= 0x20 && code < 0x7f)) continue;
    if (options.multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

export type TextOptions = {
  /** A text area: tabs and line breaks are allowed. */
  multiLine?: boolean;
  /** Trimmed unless false (a password is taken as typed). */
  trim?: boolean;
  /** Message key when the value is not a string at all. */
  error?: string;
};

/**
 * A string field that refuses control characters with `errors.controlCharacters`, before any of
 * the field's own checks (so that message is the one the field shows), trimmed as typed text is.
 * Chain the field's own checks on it: `text().min(1, …).max(100, …).regex(…)`.
 */
export function text(options: TextOptions = {}): z.ZodString {
  const string = z.string(options.error ? { error: options.error } : undefined);
  return (options.trim === false ? string : string.trim()).refine((value) => !hasControlCharacters(value, options), {
    error: CONTROL_CHARACTERS_ERROR,
    // The field's own checks would only add a second, less helpful message for the same value.
    abort: true,
  });
}
