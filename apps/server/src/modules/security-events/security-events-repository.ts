import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '@netpulse/i18n';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/tables/auth-tables.ts';
import { securityEvents, type SecurityEventType } from '../../db/tables/security-events-tables.ts';

export type { SecurityEventType };

export interface SecurityEventRow {
  type: SecurityEventType;
  browser: string | null;
  network: string | null;
  createdAt: Date;
}

/** Writes the event; answers its id. */
export async function insertSecurityEvent(
  db: Queryable,
  event: SecurityEventRow & { userId: number },
): Promise<number> {
  const [row] = await db.insert(securityEvents).values(event).returning({ id: securityEvents.id });
  return row!.id;
}

/** An account's deletion erases its events (they name its browsers and networks). */
export async function deleteSecurityEventsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.delete(securityEvents).where(eq(securityEvents.userId, userId));
}

/** Where an account's security mails go: its address and language, unless it was deleted. */
export async function mailRecipientOf(
  db: Queryable,
  userId: number,
): Promise<{ email: string; locale: Locale } | undefined> {
  const [recipient] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return recipient;
}
