import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Runs a statement on a connection of the pool, in the promise form of the client, which the guard
 * watches (pool.query uses callbacks). A connection that failed a statement is not reused, as
 * pool.query does. With a `name`, the statement is a named one (below).
 */
export async function queryPool<R extends pg.QueryResultRow>(pool: pg.Pool, query: pg.QueryConfig): Promise<R[]> {
  const client = await pool.connect();
  let rows: R[];
  try {
    rows = (await client.query<R>(query)).rows;
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  client.release();
  return rows;
}

/** A named statement: the same name is parsed once per connection (below). */
export interface NamedQuery {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Runs a prepared query (prepared.ts) as a named statement on a connection of the database's pool:
 * each connection parses it once, where an unnamed statement is parsed on every execution. The
 * connections keep PostgreSQL's default plan choice (plan_cache_mode = auto): forcing generic plans
 * is a session setting, and it would also apply to every unnamed statement Kysely sends on the same
 * connection (bench/README.md, "Named statements").
 */
export function queryNamed<R extends pg.QueryResultRow>(pool: pg.Pool, query: NamedQuery): Promise<R[]> {
  return queryPool<R>(pool, query);
}

/** The name of a statement's SQL text: the same text, the same name, on every connection and process. */
export function statementName(sql: string): string {
  return `lectern_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
