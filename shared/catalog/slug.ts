// Countries, cities, tours and categories are addressed by slug in URLs. A path segment that cannot
// be one (a control character, a 10 KB string) is not found before any query or cache key is made.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}
