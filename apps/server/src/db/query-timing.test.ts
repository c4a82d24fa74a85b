import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { inTransaction } from './transaction.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('query timing of a database handle', () => {
  it('tells the observer the duration of queries outside and inside transactions', async () => {
    const seen: number[] = [];
    database.observeQueries((seconds) => seen.push(seconds));
    try {
      await database.db.execute(sql`select pg_sleep(0.02)`);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeGreaterThanOrEqual(0.015);
      expect(seen[0]).toBeLessThan(5);

      seen.length = 0;
      await inTransaction(database.db, async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      // The two statements at least (node-postgres sends begin and commit as queries too).
      expect(seen.length).toBeGreaterThanOrEqual(2);

      // A failing query is timed as well, and fails as it would have.
      seen.length = 0;
      await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
      expect(seen).toHaveLength(1);
    } finally {
      database.observeQueries(null);
    }
    await database.db.execute(sql`select 1`);
    expect(seen).toHaveLength(1);
  });

  it('reports the connections and the callers waiting for one', async () => {
    expect(database.poolState().waiting).toBe(0);
    if (database.kind === 'pglite') {
      // A transaction holds the one embedded connection; two queries queue behind it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = inTransaction(database.db, async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      // Drizzle's queries run once awaited: Promise.resolve starts them now.
      const queued = [1, 2].map(() => Promise.resolve(database.db.execute(sql`select 1`)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(database.poolState()).toEqual({ connections: 1, idle: 0, waiting: 2 });
      release();
      await Promise.all([transaction, ...queued]);
      expect(database.poolState()).toEqual({ connections: 1, idle: 1, waiting: 0 });
    } else {
      const slow = [1, 2, 3].map(() =>
        Promise.resolve(database.db.execute(sql`select pg_sleep(0.2)`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const during = database.poolState();
      await Promise.all(slow);
      // The pool opened a connection for each (it holds up to 20): all three busy, none waits.
      expect(during.connections - during.idle).toBe(3);
      expect(during.waiting).toBe(0);
      const after = database.poolState();
      expect(after.idle).toBe(after.connections);
    }
  });
});
