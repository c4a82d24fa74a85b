/**
 * The nodes and the node ids seen twice: the nodes module's tables (docs/ARCHITECTURE.md
 * section 9).
 */
import { sql } from 'drizzle-orm';
import { NODE_KINDS } from '@netpulse/shared';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { optionalTime } from '../columns.ts';
import { refreshFamilies, users } from './auth-tables.ts';

/**
 * A node (docs/ARCHITECTURE.md section 8, docs/decisions/018): an installation of the
 * validator extension, or a browser page that ran a test itself. The id is the
 * one the node made for itself. Removing a node keeps its row, so its tests keep
 * their node, and its id is never registered again. Read and written by
 * modules/nodes only.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NODE_KINDS }).notNull(),
    name: text('name').notNull(),
    version: text('version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: optionalTime('last_seen_at'),
    /** When the node plans its next test, as its last heartbeat said. */
    nextTestAt: optionalTime('next_test_at'),
    removedAt: optionalTime('removed_at'),
    /** The session of an extension node itself (its own refresh family); null for a browser node. */
    refreshFamilyId: uuid('refresh_family_id').references(() => refreshFamilies.id),
    /**
     * Since when the offline scan holds the node quiet (NODE_OFFLINE_AFTER_MIN without a
     * heartbeat or a test); null while it is heard from. Cleared by the next beat or test.
     */
    offlineSince: optionalTime('offline_since'),
    /**
     * When its owner was last told it went quiet: kept across absences, so a node that
     * flaps is told of at most once per 6 hours.
     */
    offlineNotifiedAt: optionalTime('offline_notified_at'),
  },
  (t) => [
    // A user's live nodes, oldest first: the list, and the count the limit checks.
    index('nodes_user_live_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.removedAt} is null`),
    // Which node a request's session is (heartbeats, tests opened by the extension).
    uniqueIndex('nodes_refresh_family_unique').on(t.refreshFamilyId),
    // The offline scan: live nodes not yet marked quiet, by when they were last heard from.
    index('nodes_offline_scan_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.removedAt} is null and ${t.offlineSince} is null`),
  ],
);

/**
 * A node id an account tried to register while another account had it: the
 * same installation moved between accounts, which the fraud signals show.
 */
export const nodeIdConflicts = pgTable(
  'node_id_conflicts',
  {
    nodeId: uuid('node_id').notNull(),
    /** The account that tried; the node's owner is nodes.user_id. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.userId] }),
    index('node_id_conflicts_user_idx').on(t.userId),
  ],
);
