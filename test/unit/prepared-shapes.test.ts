import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { prepared, preparedShapes } from '../../src/db/prepared.js';
import { testDialects } from '../dialects.js';

/**
 * preparedShapes: one compiled statement per shape, every value bound anew on each call. A value
 * baked into a shape's SQL would answer the first caller's value to the next one.
 */
describe.each(testDialects())('preparedShapes [%s]', (dialect) => {
  let database: Database;
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lectern-prepared-'));
    // One PostgreSQL connection in the pool, so that the session that prepared a statement is the one
    // asked below, and one pipelined connection for the short reads.
    database = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, poolSize: 1, pipelineSize: 1 });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  interface Input {
    a: string;
    b?: string;
  }
  const builds: string[] = [];
  const statement = preparedShapes<Input, { b: boolean }, Record<string, string>, { a: string; b?: string }>({
    shapeOf: (input) => ({ b: input.b !== undefined }),
    valuesOf: (input) => ({ a: input.a, ...(input.b !== undefined && { b: input.b }) }),
    build: (db, shape, p) => {
      builds.push(shape.b ? 'ab' : 'a');
      // `'x'` is a constant of the query: bound as it was built, whatever the call.
      return db.selectNoFrom([sql<string>`${p('a')} || ${'x'}`.as('a'), ...(shape.b ? [sql<string>`${p('b')}`.as('b')] : [])]);
    },
  });

  it('builds each shape once and binds each call its own values', async () => {
    builds.length = 0;
    expect(await statement.first(database, { a: 'one' })).toEqual({ a: 'onex' });
    expect(await statement.first(database, { a: 'two' })).toEqual({ a: 'twox' });
    expect(await statement.first(database, { a: 'three', b: 'four' })).toEqual({ a: 'threex', b: 'four' });
    expect(await statement.first(database, { a: 'five', b: 'six' })).toEqual({ a: 'fivex', b: 'six' });
    expect(await statement.execute(database, { a: 'seven' })).toEqual([{ a: 'sevenx' }]);
    expect(builds).toEqual(['a', 'ab']);
  });

  it('runs a prepared write on the database or in a transaction, answering the rows it changed', async () => {
    // Temporary: the PostgreSQL test database is shared, and the one pooled connection is the session that made it.
    await sql`create temporary table prepared_writes (k text primary key, v integer not null)`.execute(database);
    const put = prepared<{ k: string; v: number }, never>((db, p) =>
      db.insertInto('prepared_writes' as never).values({ k: p('k'), v: p('v') }).onConflict((oc) => oc.column('k' as never).doNothing()),
    );
    const bump = prepared<{ k: string }, never>((db, p) =>
      db.updateTable('prepared_writes' as never).set({ v: sql`v + 1` } as never).where('k' as never, '=', p('k') as never),
    );
    expect(await put.affected(database, { k: 'one', v: 1 })).toBe(1);
    expect(await put.affected(database, { k: 'one', v: 2 })).toBe(0);
    await database.transaction().execute(async (trx) => {
      expect(await put.affected(trx, { k: 'two', v: 5 })).toBe(1);
      expect(await bump.affected(trx, { k: 'two' })).toBe(1);
    });
    expect(await bump.affected(database, { k: 'none' })).toBe(0);
    const rows = await sql<{ k: string; v: number }>`select k, v from prepared_writes order by k`.execute(database);
    expect(rows.rows.map((row) => [row.k, Number(row.v)])).toEqual([
      ['one', 1],
      ['two', 6],
    ]);
  });

  it('refuses a statement that froze a caller\'s value into its SQL', async () => {
    const leaky = preparedShapes<{ id: string }, null, { id: string }, { id: string }>({
      shapeOf: () => null,
      valuesOf: (input) => input,
      // Wrong on purpose: a value that reached build around p (here a constant equal to the caller's).
      build: (db) => db.selectNoFrom(sql<string>`${'wsp_frozen_123'}`.as('id')),
    });
    await expect(leaky.first(database, { id: 'wsp_frozen_123' })).rejects.toThrow(/captured a caller's value/);
  });

  it.runIf(dialect === 'postgres')('runs on PostgreSQL as a named statement of the main pool, parsed once per connection', async () => {
    for (const a of ['one', 'two', 'three', 'four', 'five', 'six', 'seven']) await statement.first(database, { a });
    // One connection in the pool (poolSize 1): the session asked here (through Kysely, on the pool) is the one that ran them.
    const prepared = await sql<{ name: string; generic: string; custom: string }>`
      select name, generic_plans as generic, custom_plans as custom from pg_prepared_statements where name like 'lectern_%'`.execute(database);
    expect(prepared.rows.length).toBeGreaterThan(0);
    expect(Math.max(...prepared.rows.map((r) => Number(r.generic) + Number(r.custom)))).toBeGreaterThanOrEqual(7);
  });

  it.runIf(dialect === 'postgres')('runs a prepared read of a row by key on the pipelined connection, a long read on the pool', async () => {
    const poolBackend = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database)).rows[0]!.pid;
    const short = prepared<{ a: string }, { a: string; pid: number }>((db, p) => db.selectNoFrom([sql<string>`${p('a')}::text`.as('a'), sql<number>`pg_backend_pid()`.as('pid')]));
    const rows = await Promise.all(['x', 'y', 'z'].map(async (a) => (await short.first(database, { a }))!));
    expect(rows.map((row) => row.a)).toEqual(['x', 'y', 'z']);
    expect(new Set(rows.map((row) => row.pid)).size).toBe(1);
    expect(rows[0]!.pid).not.toBe(poolBackend);
    const long = preparedShapes<Record<string, never>, null, Record<string, never>, { pid: number }>({
      shapeOf: () => null,
      valuesOf: () => ({}),
      build: (db) => db.selectNoFrom(sql<number>`pg_backend_pid()`.as('pid')),
    });
    expect((await long.first(database, {}))!.pid).toBe(poolBackend);
    // `short` told per shape (a list's page: short unless filtered or deep, src/db/keyset.ts).
    const perShape = preparedShapes<{ deep: boolean }, { deep: boolean }, Record<string, never>, { pid: number }>({
      shapeOf: (input) => input,
      valuesOf: () => ({}),
      build: (db) => db.selectNoFrom(sql<number>`pg_backend_pid()`.as('pid')),
      short: (shape) => !shape.deep,
    });
    expect((await perShape.first(database, { deep: false }))!.pid).toBe(rows[0]!.pid);
    expect((await perShape.first(database, { deep: true }))!.pid).toBe(poolBackend);
  });
});
