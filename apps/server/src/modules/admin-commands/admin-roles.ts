/**
 * Whether a user is an admin, as the console's guard asks on every request. The
 * answer is read from the database and remembered for AUTH_POLICY.sessionRecheckMs,
 * the bound a ban or a logout already has: a demoted admin loses the console
 * within it on every server process, and at once on the process that demoted them.
 */
import { eq } from 'drizzle-orm';
import type { Role } from '@netpulse/shared';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import { AUTH_POLICY } from '../auth/auth-policy.ts';

const knownRoles = new ExpiringCache<number, Role | null>(10_000);

/** The user's role (null when there is no such user), at most sessionRecheckMs old. */
export async function roleOf(db: Queryable, userId: number, nowMs: number): Promise<Role | null> {
  const known = knownRoles.get(userId, nowMs);
  if (known !== undefined) return known;
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const role = user?.role ?? null;
  knownRoles.set(userId, role, nowMs + AUTH_POLICY.sessionRecheckMs);
  return role;
}

/** Called when a role changes, so this process sees it at once. */
export function forgetAdminRole(userId: number): void {
  knownRoles.delete(userId);
}
