/** The operator's invite codes: the invites module's tables (docs/ARCHITECTURE.md section 9). */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalTime } from '../columns.ts';

/** Admin invite codes: a way in for people nobody referred. */
export const invites = pgTable(
  'invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    usesLeft: integer('uses_left').notNull().default(1),
    /** What the operator wrote when creating it ("the Lisbon meetup"). */
    note: text('note'),
    /** A revoked invite lets nobody in, whatever uses it had left. */
    revokedAt: optionalTime('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invites_code_unique').on(t.code)],
);
