/** The cycles: the seasons module's tables (docs/ARCHITECTURE.md section 9). */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { optionalTime } from '../columns.ts';

/** Cycles: exactly one is current (a partial unique index holds that). */
export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: optionalTime('ends_at'),
    endedAt: optionalTime('ended_at'),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('seasons_name_unique').on(t.name),
    uniqueIndex('seasons_one_current')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);
