/** The speed tests: the speedtests module's tables (docs/ARCHITECTURE.md section 9). */
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { optionalTime } from '../columns.ts';
import { users } from './auth-tables.ts';
import { nodes } from './nodes-tables.ts';

/**
 * A speed test session (docs/ARCHITECTURE.md section 5): opened by the API, measured
 * by the server's own ndt7 endpoints, completed (and so credited) once.
 * The flags, boost snapshot and points are written at completion.
 */
export const speedtests = pgTable(
  'speedtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The address that opened the test; the unique-IP boost is judged on it. */
    ipAddress: text('ip_address').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The ndt7 tickets are refused after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadStartedAt: optionalTime('download_started_at'),
    downloadDoneAt: optionalTime('download_done_at'),
    downloadBytes: bigint('download_bytes', { mode: 'number' }),
    downloadElapsedUs: bigint('download_elapsed_us', { mode: 'number' }),
    uploadStartedAt: optionalTime('upload_started_at'),
    uploadDoneAt: optionalTime('upload_done_at'),
    uploadBytes: bigint('upload_bytes', { mode: 'number' }),
    uploadElapsedUs: bigint('upload_elapsed_us', { mode: 'number' }),
    /**
     * The least round trip of the WebSocket pings the server sent during both
     * directions (ndt7/serve-direction.ts); null when no ping was answered.
     */
    latencyMs: doublePrecision('latency_ms'),
    /** The node that ran the test; null for tests from before nodes existed, or none named. */
    nodeId: uuid('node_id').references(() => nodes.id),
    /**
     * Where the test ran, as coarse as the product needs (docs/ARCHITECTURE.md section 9):
     * the H3 cell at resolution 8 that holds its coordinates (private: the explorer publishes
     * only its parents at resolutions 3 to 7) and the country (ISO 3166-1 alpha-2); null
     * when the test came without coordinates, or they fall in no country. The coordinates
     * themselves are never stored (lib/coarse-location.ts, docs/decisions/041).
     */
    locationCell: text('location_cell'),
    country: text('country'),
    isIpSlashing: boolean('is_ip_slashing').notNull().default(false),
    isLocationSlashing: boolean('is_location_slashing').notNull().default(false),
    /** The user's Elite Role boost when the test was credited. */
    additionalBoost: numeric('additional_boost', { precision: 6, scale: 2, mode: 'number' }),
    points: integer('points'),
    /** Set once, when the test is credited: completed and credited are one state. */
    completedAt: optionalTime('completed_at'),
  },
  (t) => [
    // The network table (newest first) and the credited-today count.
    index('speedtests_user_completed_idx').on(
      t.userId,
      t.completedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The least time between two tests.
    index('speedtests_user_opened_idx').on(t.userId, t.openedAt.desc().nullsFirst()),
    // Whether another account completed a test from this address lately.
    index('speedtests_ip_completed_idx').on(t.ipAddress, t.completedAt),
    // A node's tests: today's count, its last result and its cycle's points (the node list).
    index('speedtests_node_completed_idx').on(t.nodeId, t.completedAt.desc().nullsFirst()),
    // The tests of a window by address and account (the console's overview and fraud signals).
    index('speedtests_completed_ip_user_idx').on(t.completedAt, t.ipAddress, t.userId),
  ],
);
