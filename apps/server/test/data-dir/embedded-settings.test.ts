/**
 * The embedded database opens with the server's own settings: its buffer pool lives in
 * the server's memory, so it is kept to 32 MB (PostgreSQL's default of 128 MB made up a
 * quarter of the server's peak RSS under load, bench/RESULTS.md).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/sql-kit.ts';
import { embeddedDataDir, removeFolders } from '../backups/data-dirs.ts';
import { onPostgres } from '../helpers/test-database.ts';

/** The migrated dump the data directory starts from is made by the PGlite pass only. */

afterAll(removeFolders);

describe('the embedded database', () => {
  it.skipIf(onPostgres)('opens with a buffer pool of 32 MB', async () => {
    const prepared = await embeddedDataDir();
    await prepared.database.close();

    const database = await openDatabase({ dataDir: prepared.dataDir });
    try {
      const [setting] = rowsOf<{ shared_buffers: string }>(
        await database.db.execute(sql`show shared_buffers`),
      );
      expect(setting?.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});
