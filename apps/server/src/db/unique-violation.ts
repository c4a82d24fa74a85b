/** Recognises PostgreSQL's unique violation (SQLSTATE 23505) on both drivers. */
import { driverErrorOf, sqlStateOf } from './sqlstate.ts';

export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}

/** The name of the unique index the error violated, or null when it is another error. */
export function violatedUniqueIndex(error: unknown): string | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = driverErrorOf(error)?.constraint;
  return typeof constraint === 'string' ? constraint : null;
}
