import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from './types.js';
import { inUnitOfWork } from './unit-of-work.js';

const pools = new WeakMap<Kysely<DB>, pg.Pool>();

/**
 * Registers the pool of a PostgreSQL database. Prepared queries (prepared.ts) outside transactions
 * run on it as named statements: each connection parses and plans one once, where an unnamed
 * statement is parsed and planned on every execution (about 1 ms for an analytics statement).
 */
export function registerPool(db: Kysely<DB>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The named-statement pool; none inside a transaction or a unit of work, whose connection must run the query. */
export function poolOf(db: Kysely<DB>): pg.Pool | undefined {
  return db.isTransaction || inUnitOfWork() ? undefined : pools.get(db);
}

const genericSessions = new WeakSet<pg.PoolClient>();

/**
 * Runs a named statement on a connection of `pool` whose session plans statements generically. By
 * default PostgreSQL plans a named statement again with each call's values (a custom plan) as long
 * as its estimate of the generic plan is higher, which for the analytics statements is always:
 * planning them cost 1.3-4 ms on every call, more than running them. Every named statement is of
 * one fixed shape and finds its rows by key or by index range, so the generic plan is the plan.
 * The setting is made once per connection, before its first statement.
 */
export async function queryNamed<R extends pg.QueryResultRow>(pool: pg.Pool, query: { name: string; text: string; values: unknown[] }): Promise<R[]> {
  const client = await pool.connect();
  let rows: R[];
  try {
    if (!genericSessions.has(client)) {
      await client.query('set plan_cache_mode = force_generic_plan');
      genericSessions.add(client);
    }
    rows = (await client.query<R>(query)).rows;
  } catch (err) {
    // As pool.query does: a connection that failed a statement is not reused.
    client.release(err as Error);
    throw err;
  }
  client.release();
  return rows;
}

/** The name of a statement's SQL text: the same text, the same name, on every connection and process. */
export function statementName(sql: string): string {
  return `lectern_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
