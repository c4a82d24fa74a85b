/**
 * Migration 0020 (docs/decisions/041): the tests stored with coordinates before it, written by
 * plain SQL on a database migrated up to 0019, come out of the server's own migrate() with
 * their H3 cell and country, and with the coordinates gone: the columns and the holding table
 * the conversion worked from. A conversion killed between two chunks keeps what it committed
 * and finishes at the next migrate().
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { latLngToCell } from 'h3-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { COORDINATES_TO_CONVERT } from '../../src/db/coordinate-conversion.ts';
import { rowsOf } from '../../src/db/batched-read.ts';
import { databaseMigratedTo } from '../helpers/database-at-migration.ts';

/** Tests at known places, and the place each must end with. */
const PLACED = [
  { latitude: 52.52, longitude: 13.405, country: 'DE' },
  { latitude: -22.9068, longitude: -43.1729, country: 'BR' },
  { latitude: 31.7619, longitude: -106.485, country: 'US' },
  { latitude: -16.85, longitude: -179.97, country: 'FJ' },
  { latitude: 0, longitude: -30, country: null },
].map((place) => ({ ...place, id: randomUUID() }));

/** More tests than one chunk of the conversion holds (1,000), so it takes two. */
const MANY = 1_200;

/** The test the conversion reaches last (ids in order): the simulated crash fails on it. */
const LAST_ID = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

const NO_PLACE = randomUUID();

const one = <Row>(result: unknown) => rowsOf<Row>(result)[0]!;

async function insertOldTests(db: DatabaseHandle['db']) {
  const { id: userId } = one<{ id: number }>(
    await db.execute(sql`insert into users (email, username, password_hash, referral_code)
      values ('placed@example.com', 'placed_tests', 'not-a-hash', 'PLACED01') returning id`),
  );
  const insert = (id: string, latitude: number | null, longitude: number | null) =>
    db.execute(sql`insert into speedtests
      (id, user_id, ip_address, opened_at, expires_at, latitude, longitude)
      values (${id}, ${userId}, '198.51.100.7', now(), now(), ${latitude}, ${longitude})`);
  for (const place of PLACED) await insert(place.id, place.latitude, place.longitude);
  await insert(NO_PLACE, null, null);
  await insert(LAST_ID, 48.8566, 2.3522);
  await db.execute(sql`insert into speedtests
      (user_id, ip_address, opened_at, expires_at, latitude, longitude)
    select ${userId}, '198.51.100.8', now(), now(), 52.5 + n * 0.0001, 13.4
    from generate_series(1, ${MANY}) as n`);
}

const countOf = async (db: DatabaseHandle['db'], query: ReturnType<typeof sql>) =>
  Number(one<{ n: number | string }>(await db.execute(query)).n);

const holdingTableExists = async (db: DatabaseHandle['db']) =>
  one<{ present: boolean }>(
    await db.execute(sql`select to_regclass(${COORDINATES_TO_CONVERT}) is not null as present`),
  ).present;

describe('migration 0020: coordinates become a cell and a country', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await databaseMigratedTo('0019_coarse-location-columns');
    await insertOldTests(database.db);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('keeps the chunks converted before a crash and finishes the rest at the next start', async () => {
    const { db } = database;
    // The server dies while converting the second chunk: its update fails on the last test.
    await db.execute(
      sql.raw(`create function fail_on_last_test() returns trigger as $$
      begin
        if new.id = '${LAST_ID}' then raise exception 'killed mid-conversion'; end if;
        return new;
      end $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(`create trigger fail_on_last_test before update on speedtests
      for each row execute function fail_on_last_test()`),
    );
    await expect(database.migrate()).rejects.toThrow();

    const located = PLACED.length + 1 + MANY;
    expect(
      await countOf(
        db,
        sql`select count(*) as n from speedtests
      where location_cell is not null`,
      ),
    ).toBe(1_000);
    expect(
      await countOf(db, sql`select count(*) as n from ${sql.identifier(COORDINATES_TO_CONVERT)}`),
    ).toBe(located - 1_000);

    await db.execute(sql`drop trigger fail_on_last_test on speedtests`);
    await db.execute(sql`drop function fail_on_last_test()`);
    await database.migrate();

    expect(
      await countOf(
        db,
        sql`select count(*) as n from speedtests
      where location_cell is not null`,
      ),
    ).toBe(located);
    expect(await holdingTableExists(db)).toBe(false);
  });

  it('gives each test the cell and country of its coordinates, and none to a test without', async () => {
    const rows = rowsOf<{ id: string; location_cell: string | null; country: string | null }>(
      await database.db.execute(sql`select id, location_cell, country from speedtests`),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const place of PLACED) {
      expect(byId.get(place.id)).toEqual({
        id: place.id,
        location_cell: latLngToCell(place.latitude, place.longitude, 8),
        country: place.country,
      });
    }
    expect(byId.get(LAST_ID)).toMatchObject({ country: 'FR' });
    expect(byId.get(NO_PLACE)).toEqual({ id: NO_PLACE, location_cell: null, country: null });
  });

  it('leaves no coordinates anywhere: the columns and the holding table are gone', async () => {
    const columns = rowsOf<{ name: string }>(
      await database.db.execute(sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = 'speedtests'`),
    ).map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(['location_cell', 'country']));
    expect(columns).not.toContain('latitude');
    expect(columns).not.toContain('longitude');
    expect(await holdingTableExists(database.db)).toBe(false);
    // A start after the conversion finds nothing to do.
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
