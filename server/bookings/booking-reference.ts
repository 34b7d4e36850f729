import 'server-only';
import { randomInt } from 'node:crypto';

// Without 0/O and 1/I, so a reference read out over the phone is not misheard.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 7;

/** A booking reference such as `TD-7KQ2M9X` (32^7 ≈ 3.4·10^10 values; collisions are retried). */
export function newBookingReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `TD-${code}`;
}

export const BOOKING_REFERENCE_PATTERN = /^TD-[A-Z2-9]{7}$/;

/**
 * Whether `value` could be a booking reference. Checked before any query: a reference from a URL
 * that cannot be one (a NUL byte, which PostgreSQL refuses in text, or any other shape) is simply
 * not found, without asking the database.
 */
export function isBookingReference(value: unknown): value is string {
  return typeof value === 'string' && BOOKING_REFERENCE_PATTERN.test(value);
}
