import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { poolOf } from '../../src/db/postgres-pool.js';
import { preparedShapes } from '../../src/db/prepared.js';
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
    // One PostgreSQL connection, so that the session that prepared a statement is the one asked below.
    database = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, poolSize: 1 });
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
  const statement = preparedShapes<Input, Record<string, string>, { a: string; b?: string }>({
    shapeOf: (input) => (input.b === undefined ? 'a' : 'ab'),
    valuesOf: (input) => ({ a: input.a, ...(input.b !== undefined && { b: input.b }) }),
    build: (db, input, p) => {
      builds.push(input.b === undefined ? 'a' : 'ab');
      // `'x'` is a constant of the query: bound as it was built, whatever the call.
      return db.selectNoFrom([sql<string>`${p('a')} || ${'x'}`.as('a'), ...(input.b === undefined ? [] : [sql<string>`${p('b')}`.as('b')])]);
    },
  });

  it('builds each shape once and binds each call its own values', async () => {
    builds.length = 0;
    expect(await statement.first(database.db, { a: 'one' })).toEqual({ a: 'onex' });
    expect(await statement.first(database.db, { a: 'two' })).toEqual({ a: 'twox' });
    expect(await statement.first(database.db, { a: 'three', b: 'four' })).toEqual({ a: 'threex', b: 'four' });
    expect(await statement.first(database.db, { a: 'five', b: 'six' })).toEqual({ a: 'fivex', b: 'six' });
    expect(await statement.execute(database.db, { a: 'seven' })).toEqual([{ a: 'sevenx' }]);
    expect(builds).toEqual(['a', 'ab']);
  });

  it.runIf(dialect === 'postgres')('runs on PostgreSQL as a named statement, parsed once per connection and planned generically', async () => {
    for (const a of ['one', 'two', 'three', 'four', 'five', 'six', 'seven']) await statement.first(database.db, { a });
    // Named statements live on the connections of their own pool (database.ts): look there.
    const prepared = await poolOf(database.db)!.query<{ name: string; generic: string; custom: string }>(
      "select name, generic_plans as generic, custom_plans as custom from pg_prepared_statements where name like 'lectern_%'",
    );
    expect(prepared.rows.length).toBeGreaterThan(0);
    expect(Math.max(...prepared.rows.map((r) => Number(r.generic)))).toBeGreaterThanOrEqual(7);
    // Without plan_cache_mode = force_generic_plan, PostgreSQL plans the first five calls with their values.
    expect(prepared.rows.map((r) => Number(r.custom))).toEqual(prepared.rows.map(() => 0));
  });
});
