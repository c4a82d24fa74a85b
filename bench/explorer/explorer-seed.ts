/**
 * The explorer benchmark's month (issue 31): accounts, one node each, and a month of
 * completed speed tests spread as the explorer would see them. Every account has a home
 * near a real city (bench/seed/places.ts), jittered so the homes fall in many distinct
 * resolution-8 cells; its node tests from home, its browser tests (no node) now and then
 * from elsewhere. Some accounts never share their place, some tests come without one, and
 * one account in a hundred was deleted (its tests' places erased, as the deletion does).
 *
 * Only the places are worked out here (h3-js, as the server does at a test's completion);
 * the tests are written set-based, a block of generate_series at a time. No ledger rows:
 * the rebuild reads the tests and the accounts, nothing else.
 */
import { sql } from 'drizzle-orm';
import { latLngToCell } from 'h3-js';
import { type DatabaseHandle, hashPassword, prepareDatabase } from '@netpulse/server/tooling';
import { startOfUtcDay } from '@netpulse/shared';
import { ProgressBar } from '../lib/progress.ts';
import { BENCH_PASSWORD, bulkLoadSession } from '../seed/seed-database.ts';
import { advanceUserIds, insertUsers } from '../seed/seed-sql.ts';
import { PLACES, type Place } from '../seed/places.ts';

export interface ExplorerSeedOptions {
  /** The month the tests completed in, `YYYY-MM` (UTC). */
  month: string;
  tests: number;
  accounts: number;
}

export interface ExplorerSeedFigures {
  tests: number;
  accounts: number;
  /** Distinct resolution-8 cells among the homes. */
  homeCells: number;
  countries: number;
  seconds: number;
}

/** The shares that shape the month. */
export const EXPLORER_SEED_SHARES = {
  /** Accounts that never share where they test: every test of theirs has no place. */
  accountsWithoutPlace: 0.04,
  /** One account in this many was deleted during the month. */
  deletedEvery: 100,
  /** Tests run in a browser page rather than by the account's node (no node). */
  testsWithoutNode: 0.1,
  /** Of those, the share run away from home: at another account's home. */
  awayFromHome: 0.5,
  /** Tests that came without coordinates. */
  testsWithoutPlace: 0.05,
  /** The accounts' activity: account 1 + floor(accounts * u ^ skew) runs a test. */
  activitySkew: 1.3,
  /** An account's node is the extension (the rest are browser nodes). */
  extensionNodes: 0.7,
};

const TEST_CELL_RESOLUTION = 8;
const TESTS_PER_STATEMENT = 100_000;
const HOMES_PER_STATEMENT = 10_000;
const KM_PER_DEGREE = 111.32;
/** The helper table of the accounts' homes, dropped once the tests are written. */
const HOMES_TABLE = 'bench_explorer_homes';

/** A small seeded generator (mulberry32): the same homes on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Home {
  userId: number;
  cell: string | null;
  country: string | null;
  downloadMbps: number;
  uploadShare: number;
  latencyMs: number;
}

/** Each account's home: a place drawn by weight, a point around it, its line's speeds. */
function homesOf(accounts: number): Home[] {
  const random = generator(31);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const total = PLACES.reduce((sum, place) => sum + place.weight, 0);
  const drawPlace = (): Place => {
    let left = random() * total;
    for (const place of PLACES) {
      left -= place.weight;
      if (left < 0) return place;
    }
    return PLACES[PLACES.length - 1]!;
  };
  const homes: Home[] = [];
  for (let userId = 1; userId <= accounts; userId++) {
    const place = drawPlace();
    // A bigger city spreads further: about 3 km around a town, 15 km around Tokyo.
    const spreadKm = 3 + 2 * Math.sqrt(place.weight);
    const latitude = Math.max(
      -89.9,
      Math.min(89.9, place.latitude + (gaussian() * spreadKm) / KM_PER_DEGREE),
    );
    const kmPerLongitude = KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    let longitude = place.longitude + (gaussian() * spreadKm) / kmPerLongitude;
    if (longitude > 180) longitude -= 360;
    if (longitude < -180) longitude += 360;
    const withoutPlace = random() < EXPLORER_SEED_SHARES.accountsWithoutPlace;
    const fibre = random() < 0.3;
    homes.push({
      userId,
      cell: withoutPlace ? null : latLngToCell(latitude, longitude, TEST_CELL_RESOLUTION),
      country: withoutPlace ? null : place.country,
      downloadMbps: Math.min(2000, Math.max(1, Math.exp(Math.log(60) + gaussian()))),
      uploadShare: fibre ? 0.8 + 0.2 * random() : 0.1 + 0.3 * random(),
      latencyMs: Math.min(400, Math.max(2, Math.exp(Math.log(20) + 0.6 * gaussian()))),
    });
  }
  return homes;
}

/** A PostgreSQL array literal of `values` (cells, country codes and numbers need no quoting). */
const arrayOf = (values: (string | number | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;

/** A deterministic fraction in [0, 1) of the whole number `of` (a column), one per `salt`. */
const fraction = (salt: number, of = 'g') =>
  sql.raw(`((hashint8extended(${of}::bigint, ${salt}) & 2147483647)::float8 / 2147483648)`);

/** The month's range: its first instant and the instant after its last (UTC). */
export function monthRange(month: string): { startsAt: Date; endsAt: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    startsAt: new Date(Date.UTC(year, monthNumber - 1, 1)),
    endsAt: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/** The calendar month before the one holding `now`, `YYYY-MM` (UTC). */
export function previousMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

async function insertHomes(database: DatabaseHandle, homes: Home[]): Promise<void> {
  const db = database.db;
  await db.execute(sql.raw(`drop table if exists ${HOMES_TABLE}`));
  await db.execute(
    sql.raw(`
    create table ${HOMES_TABLE} (
      user_id int primary key, node_id uuid not null default gen_random_uuid(),
      cell text, country text, download_mbps float8 not null, upload_share float8 not null,
      latency_ms float8 not null, deleted boolean not null
    )`),
  );
  for (let first = 0; first < homes.length; first += HOMES_PER_STATEMENT) {
    const chunk = homes.slice(first, first + HOMES_PER_STATEMENT);
    await db.execute(sql`
      insert into ${sql.raw(HOMES_TABLE)} (user_id, cell, country, download_mbps, upload_share,
        latency_ms, deleted)
      select h.user_id, h.cell, h.country, h.download_mbps, h.upload_share, h.latency_ms,
        h.user_id % ${EXPLORER_SEED_SHARES.deletedEvery}::int = 0
      from unnest(
        ${arrayOf(chunk.map((home) => home.userId))}::int[],
        ${arrayOf(chunk.map((home) => home.cell))}::text[],
        ${arrayOf(chunk.map((home) => home.country))}::text[],
        ${arrayOf(chunk.map((home) => home.downloadMbps.toFixed(2)))}::float8[],
        ${arrayOf(chunk.map((home) => home.uploadShare.toFixed(3)))}::float8[],
        ${arrayOf(chunk.map((home) => home.latencyMs.toFixed(1)))}::float8[]
      ) as h (user_id, cell, country, download_mbps, upload_share, latency_ms)`);
  }
}

/** The accounts (the reads' seed's users, one in a hundred deleted) and their nodes. */
async function insertAccountsAndNodes(
  database: DatabaseHandle,
  options: ExplorerSeedOptions,
): Promise<void> {
  const db = database.db;
  const { startsAt, endsAt } = monthRange(options.month);
  await insertUsers(
    db,
    { firstUser: 1, lastUser: options.accounts },
    {
      passwordHash: await hashPassword(BENCH_PASSWORD),
      today: startOfUtcDay(new Date()),
      creditedTests: 0,
      dailyClaims: 0,
    },
  );
  await advanceUserIds(db);
  // Deleted halfway through the month: its tests stay, without their places.
  await db.execute(sql`
    update users set deleted_at = ${startsAt.toISOString()}::timestamptz + interval '15 days'
    where id % ${EXPLORER_SEED_SHARES.deletedEvery}::int = 0`);
  // The extension nodes went quiet at the month's end and their owners were told (the
  // offline scan has nothing left to tell while the server runs); browser nodes are not scanned.
  const extension = fraction(7, 'h.user_id');
  await db.execute(sql`
    insert into nodes (id, user_id, kind, name, created_at, last_seen_at, offline_since,
      offline_notified_at)
    select h.node_id, h.user_id, k.kind,
      case k.kind when 'extension' then 'Chrome on Linux' else 'Firefox on Windows' end,
      ${startsAt.toISOString()}::timestamptz - interval '60 days',
      ${endsAt.toISOString()}::timestamptz,
      case k.kind when 'extension' then ${endsAt.toISOString()}::timestamptz + interval '30 minutes' end,
      case k.kind when 'extension' then ${endsAt.toISOString()}::timestamptz + interval '30 minutes' end
    from ${sql.raw(HOMES_TABLE)} h,
      lateral (select case when ${extension} < ${EXPLORER_SEED_SHARES.extensionNodes}::float8
        then 'extension' else 'browser' end as kind) as k`);
}

/** Tests first..last of the month, in one statement. */
async function insertTests(
  database: DatabaseHandle,
  options: ExplorerSeedOptions,
  first: number,
  last: number,
): Promise<void> {
  const { startsAt, endsAt } = monthRange(options.month);
  const monthSeconds = (endsAt.getTime() - startsAt.getTime()) / 1000;
  const shares = EXPLORER_SEED_SHARES;
  const homes = sql.raw(HOMES_TABLE);
  await database.db.execute(sql`
    insert into speedtests (user_id, node_id, ip_address, opened_at, expires_at,
      download_started_at, download_done_at, download_bytes, download_elapsed_us,
      upload_started_at, upload_done_at, upload_bytes, upload_elapsed_us,
      latency_ms, location_cell, country, is_ip_slashing, is_location_slashing, points,
      completed_at)
    select h.user_id, case when r.nodeless then null else h.node_id end,
      '10.' || (h.user_id / 65536 % 256) || '.' || (h.user_id / 256 % 256) || '.' || (h.user_id % 256),
      t.at - interval '25 seconds', t.at + interval '5 minutes',
      t.at - interval '24 seconds', t.at - interval '14 seconds',
      round(h.download_mbps * r.down * 10000000 / 8)::bigint, 10000000,
      t.at - interval '13 seconds', t.at - interval '3 seconds',
      round(h.download_mbps * h.upload_share * r.up * 10000000 / 8)::bigint, 10000000,
      round((h.latency_ms * r.latency)::numeric, 1)::float8,
      case when h.deleted or r.placeless then null when r.away then o.cell else h.cell end,
      case when h.deleted or r.placeless then null when r.away then o.country else h.country end,
      false, false, 200, t.at
    from generate_series(${first}::int, ${last}::int) as g,
      lateral (select
        least(${options.accounts}::int,
          1 + floor(${options.accounts}::int * power(${fraction(1)}, ${shares.activitySkew}::float8))::int) as who,
        1 + floor(${options.accounts}::int * ${fraction(2)})::int as other,
        ${fraction(3)} < ${shares.testsWithoutNode}::float8 as nodeless,
        ${fraction(4)} < ${shares.testsWithoutPlace}::float8 as placeless,
        ${fraction(5)} as away_draw,
        0.5 + 0.6 * ${fraction(6)} as down,
        0.6 + 0.5 * ${fraction(8)} as up,
        1 + ${fraction(9)} as latency,
        floor(${fraction(10)} * ${monthSeconds}::int)::int as second) as r0,
      lateral (select r0.*, r0.nodeless and r0.away_draw < ${shares.awayFromHome}::float8 as away) as r,
      lateral (select ${startsAt.toISOString()}::timestamptz + r.second * interval '1 second' as at) as t,
      ${homes} h, ${homes} o
    where h.user_id = r.who and o.user_id = r.other`);
}

/**
 * Seeds a fresh PostgreSQL database (migrated here) with the explorer's month. The
 * session writes without waiting for the WAL and without foreign-key triggers, as the
 * reads' seed does.
 */
export async function seedExplorerMonth(
  database: DatabaseHandle,
  options: ExplorerSeedOptions,
): Promise<ExplorerSeedFigures> {
  const startedAt = performance.now();
  await prepareDatabase(database);
  await bulkLoadSession(database.db);
  const homes = homesOf(options.accounts);
  await insertHomes(database, homes);
  await insertAccountsAndNodes(database, options);
  const progress = new ProgressBar(`explorer seed ${options.month}`, options.tests);
  for (let first = 1; first <= options.tests; first += TESTS_PER_STATEMENT) {
    const last = Math.min(options.tests, first + TESTS_PER_STATEMENT - 1);
    await insertTests(database, options, first, last);
    progress.update(last, last);
  }
  await database.db.execute(sql.raw(`drop table ${HOMES_TABLE}`));
  await database.db.execute(sql`vacuum analyze users, nodes, speedtests`);
  const cells = new Set(homes.map((home) => home.cell).filter((cell) => cell !== null));
  const countries = new Set(homes.map((home) => home.country).filter((code) => code !== null));
  return {
    tests: options.tests,
    accounts: options.accounts,
    homeCells: cells.size,
    countries: countries.size,
    seconds: (performance.now() - startedAt) / 1000,
  };
}
