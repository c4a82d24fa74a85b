/** The ledger: the ledger module's tables (docs/ARCHITECTURE.md section 9). */
import { TRANSACTION_TYPES } from '@netpulse/shared';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth-tables.ts';
import { seasons } from './seasons-tables.ts';

/**
 * The ledger (docs/ARCHITECTURE.md section 5): append-only, the truth of every user's
 * points. users.points is a cache of sum(points_earned), written in the same
 * transaction by modules/ledger. The unique idempotency key makes a credit happen
 * at most once however often, and however concurrently, it is attempted.
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The id people see (and may quote to support); the identity stays internal. */
    transactionId: text('transaction_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    transactionType: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    pointsEarned: integer('points_earned').notNull(),
    details: text('details').notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // Descending index columns are NULLS FIRST, as a plain `ORDER BY ... DESC` sorts,
  // so those queries read the index in order instead of sorting.
  (t) => [
    uniqueIndex('point_transactions_idempotency_key_unique').on(t.idempotencyKey),
    // Bytes issued per day by type (the console's overview), read in time order.
    index('point_transactions_time_type_idx').on(t.createdAt, t.transactionType, t.pointsEarned),
    uniqueIndex('point_transactions_transaction_id_unique').on(t.transactionId),
    // History (newest first, date range) and today's earnings.
    index('point_transactions_user_time_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A cycle's earnings, its chart, and the history filtered by cycle (with the id,
    // so a page of the filtered history is found in the index alone).
    index('point_transactions_user_season_time_id_idx').on(
      t.userId,
      t.seasonId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
