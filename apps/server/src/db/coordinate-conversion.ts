/**
 * The second half of migration 0020 (docs/decisions/041): the coordinates the migration moved
 * into `speedtest_coordinates_to_convert` become each test's H3 cell and country, which SQL
 * cannot work out. It runs right after the SQL migrations, in every migrate(), and does
 * nothing once the holding table is gone. Each chunk sets its tests' place and deletes its
 * holding rows in one transaction, so a server killed mid-way converts the rest at its next
 * start; servers starting together take turns on an advisory lock.
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { coarseLocation } from '../lib/coarse-location.ts';
import { arrayLiteral, rowsOf } from './batched-read.ts';

/** The holding table migration 0020 made; no module owns it, and it lives until converted. */
export const COORDINATES_TO_CONVERT = 'speedtest_coordinates_to_convert';

const holding = sql.identifier(COORDINATES_TO_CONVERT);

/** Rows per transaction: a few milliseconds of lookups, and a short lock on the tests. */
const CHUNK_ROWS = 1000;

interface HeldCoordinates {
  id: string;
  latitude: number;
  longitude: number;
}

/** Converts every held row, then drops the holding table; answers how many rows it converted. */
export async function convertHeldCoordinates(
  db: PgDatabase<PgQueryResultHKT>,
  chunkRows = CHUNK_ROWS,
): Promise<number> {
  let converted = 0;
  for (;;) {
    const chunk = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${COORDINATES_TO_CONVERT}))`);
      const [{ present } = { present: false }] = rowsOf<{ present: boolean }>(
        await tx.execute(sql`select to_regclass(${COORDINATES_TO_CONVERT}) is not null as present`),
      );
      if (!present) return 0;
      const held = rowsOf<HeldCoordinates>(
        await tx.execute(sql`select speedtest_id as id, latitude, longitude from ${holding}
          order by speedtest_id limit ${chunkRows}`),
      );
      if (held.length === 0) {
        await tx.execute(sql`drop table ${holding}`);
        return 0;
      }
      const places = held.map((row) => coarseLocation(row.latitude, row.longitude));
      const ids = arrayLiteral(held.map((row) => row.id));
      await tx.execute(sql`update speedtests
        set location_cell = place.cell, country = place.country
        from unnest(${ids}::uuid[],
          ${arrayLiteral(places.map((place) => place.locationCell))}::text[],
          ${arrayLiteral(places.map((place) => place.country))}::text[]) as place(id, cell, country)
        where speedtests.id = place.id`);
      await tx.execute(sql`delete from ${holding} where speedtest_id = any(${ids}::uuid[])`);
      return held.length;
    });
    if (chunk === 0) return converted;
    converted += chunk;
  }
}
