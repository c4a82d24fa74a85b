/**
 * Recognises PostgreSQL's unique violation (SQLSTATE 23505) on both drivers;
 * Drizzle wraps the driver's error in `cause`.
 */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: DriverError;
}

function driverErrorOf(error: unknown): DriverError | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as DriverError;
  if (candidate.code === '23505') return candidate;
  return candidate.cause?.code === '23505' ? candidate.cause : null;
}

export function isUniqueViolation(error: unknown): boolean {
  return driverErrorOf(error) !== null;
}

/** The name of the unique index the error violated, or null when it is another error. */
export function violatedUniqueIndex(error: unknown): string | null {
  const constraint = driverErrorOf(error)?.constraint;
  return typeof constraint === 'string' ? constraint : null;
}
