// Recognising a refused unique rule, the same way on both drivers: repositories turn it into
// a domain answer ("Username is already taken", "transaction already used") instead of a 500.

/** PostgreSQL's SQLSTATE for unique_violation. */
const UNIQUE_VIOLATION = '23505';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * The name of the unique constraint or index that refused a write, or null for any other error.
 * Drizzle wraps the driver's error (pg's DatabaseError, PGlite's) in `cause`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const fields = current as PgErrorFields;
    if (fields.code === UNIQUE_VIOLATION) return typeof fields.constraint === 'string' ? fields.constraint : '';
    current = fields.cause;
  }
  return null;
}
