/**
 * The contract between the SQL kit and drizzle's internals (db/drizzle-internals.ts):
 * one test per internal the kit reads. When a drizzle upgrade changes one of
 * them, its test here fails, rather than a read of the running server.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { freshDatabase } from '../../test/helpers/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import {
  decoderOfSql,
  partsOfPreparedQuery,
  partsOfSql,
  prepareOnSession,
  queryOfSql,
  type SelectResultFields,
} from './drizzle-internals.ts';
import { rowsOf } from './batched-read.ts';

const owners = pgTable('contract_owners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

const items = pgTable('contract_items', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
});

describe('the drizzle internals the SQL kit reads', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.execute(sql`create table contract_owners (
      id integer primary key, name text not null)`);
    await database.db.execute(sql`create table contract_items (
      id integer primary key, owner_id integer not null)`);
    await database.db.insert(owners).values({ id: 1, name: 'Ada' });
    await database.db.insert(items).values({ id: 10, ownerId: 1 });
  });

  afterAll(async () => {
    await database.close();
  });

  /** A select with a left join, whose missing joined row drizzle maps to null. */
  const ownerWithItem = (db: DatabaseHandle['db']) =>
    db
      .select({ owner: owners, item: items })
      .from(owners)
      .leftJoin(items, eq(items.ownerId, owners.id))
      .where(eq(owners.id, sql.placeholder('ownerId')));

  it("a prepared select's SQL, fields, array mode and joins map make it again on a transaction's session", async () => {
    const { db } = database;
    const first = ownerWithItem(db).prepare('contract_owner_with_item');
    const parts = partsOfPreparedQuery(first);
    expect(parts.query.sql).toContain('"contract_owners"');
    expect(parts.fields).toBeDefined();
    expect(parts.joinsNotNullableMap).toBeDefined();
    expect(typeof parts.arrayMode).toBe('boolean');
    // The same rows as the builder's own prepared query.
    await expect(
      prepareOnSession(db, parts, 'contract_owner_with_item').execute({ ownerId: 1 }),
    ).resolves.toEqual(await first.execute({ ownerId: 1 }));
    // On a transaction's session: it sees the transaction's own row, and the
    // missing joined row is null, not an object of nulls.
    await db.transaction(async (tx) => {
      await tx.insert(owners).values({ id: 2, name: 'Grace' });
      await expect(
        prepareOnSession(tx, parts, 'contract_owner_with_item').execute({ ownerId: 2 }),
      ).resolves.toEqual([{ owner: { id: 2, name: 'Grace' }, item: null }]);
    });
  });

  it("a relational query's own result mapper comes with its parts", async () => {
    const { db } = database;
    // The server's client has no relational schema (no module's query needs one): the
    // same connection gets one here, for the mapper a relational query brings.
    const client = (db as unknown as { $client: never }).$client;
    const schema = { owners };
    const relational =
      database.kind === 'pglite'
        ? drizzlePglite(client, { schema })
        : drizzlePg(client, { schema });
    const first = relational.query.owners
      .findFirst({ columns: { name: true }, where: eq(owners.name, sql.placeholder('name')) })
      .prepare('contract_owner_by_name');
    const parts = partsOfPreparedQuery(first);
    expect(parts.customResultMapper).toBeTypeOf('function');
    await expect(
      prepareOnSession(db, parts, 'contract_owner_by_name').execute({ name: 'Ada' }),
    ).resolves.toEqual({ name: 'Ada' });
  });

  it("a row mapper gets each row as the driver's values, in the order selected, nested ones flat", async () => {
    const { db } = database;
    const parts = partsOfPreparedQuery(
      db
        .select({ first: sql`1`, nested: { second: sql`'two'`, third: owners.id }, last: sql`4` })
        .from(owners)
        .where(eq(owners.id, 1))
        .prepare('contract_row_order'),
    );
    const rows = await prepareOnSession(db, parts, 'contract_row_order', (raw) => raw).execute();
    expect(rows).toEqual([[1, 'two', 1, 4]]);
  });

  it("an SQL expression's decoder is what mapWith gave it, and maps as drizzle's select does", async () => {
    const { db } = database;
    const counted = sql<number>`'7'::text`.mapWith(Number);
    const plain = sql<string>`'7'::text`;
    expect(decoderOfSql(counted).mapFromDriverValue('7')).toBe(7);
    expect(decoderOfSql(plain).mapFromDriverValue('7')).toBe('7');
    const [selected] = await db.select({ counted, plain }).from(owners).where(eq(owners.id, 1));
    expect(selected).toEqual({
      counted: decoderOfSql(counted).mapFromDriverValue('7'),
      plain: decoderOfSql(plain).mapFromDriverValue('7'),
    });
  });

  it("an SQL statement's query, prepared by name, answers the driver's rows as db.execute does", async () => {
    const { db } = database;
    const statement = sql`select ${owners.name} as name from ${owners}
      where ${owners.id} = ${sql.placeholder('ownerId')}`;
    const parts = partsOfSql(db, statement);
    expect(parts.query.sql).toContain('"contract_owners"');
    const result = await prepareOnSession(db, parts, 'contract_owner_name').execute({ ownerId: 1 });
    expect(rowsOf(result)).toEqual([{ name: 'Ada' }]);
    await db.transaction(async (tx) => {
      await tx.insert(owners).values({ id: 3, name: 'Hedy' });
      const inTransaction = await prepareOnSession(tx, parts, 'contract_owner_name').execute({
        ownerId: 3,
      });
      expect(rowsOf(inTransaction)).toEqual([{ name: 'Hedy' }]);
    });
  });

  it("PostgreSQL's dialect writes an SQL object without a database, as the database's own does", () => {
    const expression = sql`${owners.name} || ${'!'}`;
    const query = queryOfSql(expression);
    expect(query).toMatchObject({ sql: '"contract_owners"."name" || $1', params: ['!'] });
    expect(query).toEqual(partsOfSql(database.db, expression).query);
  });

  it('a selection of columns types its rows as a select answers them', async () => {
    const selection = { id: owners.id, name: owners.name };
    const rows = await database.db.select(selection).from(owners).where(eq(owners.id, 1));
    expectTypeOf(rows).toEqualTypeOf<SelectResultFields<typeof selection>[]>();
    expectTypeOf<SelectResultFields<typeof selection>>().toEqualTypeOf<{
      id: number;
      name: string;
    }>();
    expect(rows).toEqual([{ id: 1, name: 'Ada' }]);
  });
});
