/** Column builders every module's tables share. */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was made: set by the database. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A moment that may not have happened (yet). */
export const optionalTime = (name: string) => timestamp(name, { withTimezone: true });
