import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { prepared } from '../../src/db/prepared.js';
import { rowBuilder } from '../../src/db/row-builder.js';

describe('rowBuilder', () => {
  it('builds an object with the names, in order, from the values', () => {
    const row = rowBuilder(['id', 'title', 'count', 'missing'])(['crs_1', 'A "quoted" title', 3, null]);
    expect(row).toStrictEqual({ id: 'crs_1', title: 'A "quoted" title', count: 3, missing: null });
    expect(Object.keys(row)).toEqual(['id', 'title', 'count', 'missing']);
  });

  it('takes any column name as a plain own property', () => {
    const names = ['a b', 'quote"d', 'back\\slash', 'new\nline', '0', 'constructor'];
    const row = rowBuilder(names)([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(row)).toEqual(['0', 'a b', 'quote"d', 'back\\slash', 'new\nline', 'constructor']);
    expect(names.map((name) => row[name])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('keeps the last value of a repeated name, as better-sqlite3 does', () => {
    expect(rowBuilder(['id', 'id'])([1, 2])).toStrictEqual({ id: 2 });
  });

  it('refuses __proto__, which a literal would take as the prototype', () => {
    expect(() => rowBuilder(['__proto__'])).toThrow(/__proto__/);
  });
});

describe('prepared reads on the SQLite reader', () => {
  let dir: string;
  let database: Database;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-prepared-'));
    database = openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same rows as better-sqlite3 objects: values, types, column order and aliases', async () => {
    await database.schema.createTable('things').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('n', 'integer').addColumn('r', 'real').addColumn('b', 'blob').addColumn('t', 'text').execute();
    await database
      .insertInto('things' as never)
      .values([
        { id: 'a', n: 1, r: 1.5, b: Buffer.from([1, 2]), t: 'x' },
        { id: 'b', n: null, r: null, b: null, t: null },
      ] as never)
      .execute();
    const byId = prepared<{ id: string }, Record<string, unknown>>((db, p) =>
      (db as any).selectFrom('things').select(['t', 'id as key', 'n', 'r', 'b']).where('id', '=', p('id')),
    );
    const all = prepared<{ from: string }, Record<string, unknown>>((db, p) =>
      (db as any).selectFrom('things').select(['id', 'n']).where('id', '>=', p('from')).orderBy('id'),
    );
    const a = await byId.first(database, { id: 'a' });
    expect(a).toStrictEqual({ t: 'x', key: 'a', n: 1, r: 1.5, b: Buffer.from([1, 2]) });
    expect(Object.keys(a as object)).toEqual(['t', 'key', 'n', 'r', 'b']);
    expect(await byId.first(database, { id: 'b' })).toStrictEqual({ t: null, key: 'b', n: null, r: null, b: null });
    expect(await byId.first(database, { id: 'none' })).toBeUndefined();
    expect(await all.execute(database, { from: 'a' })).toStrictEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: null },
    ]);
  });

  it('reads by id on the reader: the committed row, at once, while a write transaction is open', async () => {
    const byId = prepared<{ id: string }, Record<string, unknown>>((db, p) => (db as any).selectFrom('things').select(['id', 'n']).where('id', '=', p('id')));
    await database.transaction().execute(async (trx) => {
      await trx.updateTable('things' as never).set({ n: 99 } as never).where('id' as never, '=', 'a' as never).execute();
      // Through the writer this read would queue behind the open transaction until it ends (it never would: the
      // transaction awaits it); on the reader it answers the last committed state.
      expect(await byId.first(database, { id: 'a' })).toStrictEqual({ id: 'a', n: 1 });
      // Inside the transaction the read goes through it and sees its write.
      expect(await byId.first(trx, { id: 'a' })).toStrictEqual({ id: 'a', n: 99 });
      throw new Error('roll back');
    }).catch((err: Error) => expect(err.message).toBe('roll back'));
  });
});

describe('Kysely queries on SQLite (rows built from raw mode)', () => {
  let dir: string;
  let database: Database;
  let plain: BetterSqlite3.Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-kysely-rows-'));
    database = openDatabase({ dataDir: dir });
    await sql`create table items (id text primary key, n integer, r real, b blob, t text)`.execute(database);
    await sql`insert into items values ('a', 1, 1.5, x'0102', 'x'), ('b', null, null, null, null), ('c', 9007199254740991, -0.25, x'', '')`.execute(database);
    // What better-sqlite3 answers on its own, row objects and all, to compare with.
    plain = new BetterSqlite3(path.join(dir, 'lectern.db'), { readonly: true });
  });
  afterAll(async () => {
    plain.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const texts = [
    'select * from items order by id',
    'select t, id as key, n, r, b from items where n is not null order by id desc',
    // A repeated name keeps its last value; __proto__ keeps better-sqlite3's own objects.
    'select id, n as id, t from items order by id',
    'select id as "__proto__", t from items order by id',
    'select count(*) as n, sum(r) as total from items',
    'select id from items where id = \'none\'',
  ];

  it.each(texts)('answers what better-sqlite3 answers: %s', async (text) => {
    const expected = plain.prepare(text).all();
    const { rows } = await sql.raw<Record<string, unknown>>(text).execute(database);
    expect(rows).toStrictEqual(expected);
    for (const [i, row] of rows.entries()) expect(Object.keys(row)).toEqual(Object.keys(expected[i] as object));
  });

  it('builds the rows of RETURNING and of a streamed query too, and reads the writes of a transaction', async () => {
    const inserted = await database
      .insertInto('items' as never)
      .values({ id: 'd', n: 4, r: 0.5, b: null, t: 'dee' } as never)
      .returning(['id', 'n', 't'] as never)
      .execute();
    expect(inserted).toStrictEqual([{ id: 'd', n: 4, t: 'dee' }]);
    const streamed: unknown[] = [];
    for await (const row of (database as any).selectFrom('items').select(['id', 'n']).where('id', '<', 'c').orderBy('id').stream()) streamed.push(row);
    expect(streamed).toStrictEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: null },
    ]);
    const inside = await database.transaction().execute(async (trx) => {
      await sql`update items set t = 'changed' where id = 'a'`.execute(trx);
      return (await sql<{ t: string }>`select t from items where id = 'a'`.execute(trx)).rows;
    });
    expect(inside).toStrictEqual([{ t: 'changed' }]);
  });
});
