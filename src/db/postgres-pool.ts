import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from './types.js';

const pools = new WeakMap<Kysely<DB>, pg.Pool>();

/**
 * Registers the pool of a PostgreSQL database. Prepared queries (prepared.ts) outside transactions
 * run on it as named statements: each connection parses and plans one once, where an unnamed
 * statement is parsed and planned on every execution (about 1 ms for an analytics statement).
 */
export function registerPool(db: Kysely<DB>, pool: pg.Pool): void {
  pools.set(db, pool);
}

export function poolOf(db: Kysely<DB>): pg.Pool | undefined {
  return db.isTransaction ? undefined : pools.get(db);
}

/** The name of a statement's SQL text: the same text, the same name, on every connection and process. */
export function statementName(sql: string): string {
  return `lectern_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
}
