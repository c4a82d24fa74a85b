/**
 * Whether a user is an admin, as the console's guard asks on every request. The
 * answer is read from the database and remembered for AUTH_POLICY.sessionRecheckMs,
 * the bound a ban or a logout already has: a demoted admin loses the console
 * within it on every server process, and at once on the process that demoted them.
 */
import type { Role } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { perHandle } from '../../db/sql-kit.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import { AUTH_POLICY } from '../auth/index.ts';
import { roleAndNameOf } from './admin-repository.ts';

export interface KnownRole {
  role: Role;
  /** The name the audit log records for the admin's actions. */
  username: string;
}

/** Each app's remembered roles, by its database (tests run many apps, each on a database of its own). */
const knownRolesOf = perHandle(
  (_db: Queryable) => new ExpiringCache<number, KnownRole | null>(10_000),
);

/** The user's role and name (null when there is no such user), at most sessionRecheckMs old. */
export async function roleOf(
  db: Queryable,
  userId: number,
  nowMs: number,
): Promise<KnownRole | null> {
  const knownRoles = knownRolesOf(db);
  const known = knownRoles.get(userId, nowMs);
  if (known !== undefined) return known;
  const found = (await roleAndNameOf(db, userId)) ?? null;
  knownRoles.set(userId, found, nowMs + AUTH_POLICY.sessionRecheckMs);
  return found;
}

/** Called when a role changes, so this process sees it at once. */
export function forgetAdminRole(db: Queryable, userId: number): void {
  knownRolesOf(db).delete(userId);
}
