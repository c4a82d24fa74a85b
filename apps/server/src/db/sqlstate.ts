/**
 * PostgreSQL's SQLSTATE of a failed query, on both drivers: node-postgres and
 * PGlite put it in `code`, and Drizzle wraps the driver's error in `cause`.
 */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: DriverError;
}

/** The driver error carrying a SQLSTATE, the error itself or its cause. */
export function driverErrorOf(error: unknown): DriverError | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as DriverError;
  if (typeof candidate.code === 'string') return candidate;
  return typeof candidate.cause?.code === 'string' ? candidate.cause : null;
}

export function sqlStateOf(error: unknown): string | null {
  const code = driverErrorOf(error)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * A value the database cannot hold or convert (SQLSTATE class 22: a date or
 * number out of range, text that is not a number): what a request's input causes.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
