import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    await database.db.schema.createTable('things').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('n', 'integer').addColumn('r', 'real').addColumn('b', 'blob').addColumn('t', 'text').execute();
    await database.db
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
    const a = byId.first(database.db, { id: 'a' });
    expect(a).not.toBeInstanceOf(Promise);
    expect(a).toStrictEqual({ t: 'x', key: 'a', n: 1, r: 1.5, b: Buffer.from([1, 2]) });
    expect(Object.keys(a as object)).toEqual(['t', 'key', 'n', 'r', 'b']);
    expect(byId.first(database.db, { id: 'b' })).toStrictEqual({ t: null, key: 'b', n: null, r: null, b: null });
    expect(byId.first(database.db, { id: 'none' })).toBeUndefined();
    expect(await all.execute(database.db, { from: 'a' })).toStrictEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: null },
    ]);
  });
});
