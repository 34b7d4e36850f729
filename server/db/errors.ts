// Recognising PostgreSQL errors across both drivers (postgres.js and PGlite), whose error objects
// differ, and through Drizzle's wrapper, which keeps the driver's error as `cause`.

type PgError = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

/** The constraint a unique violation (SQLSTATE 23505) broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error as PgError | undefined, depth = 0; current && depth < 5; current = current.cause as PgError, depth += 1) {
    if (current.code === '23505') {
      const name = current.constraint_name ?? current.constraint;
      return typeof name === 'string' ? name : '';
    }
  }
  return null;
}
