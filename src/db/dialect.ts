import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from './types.js';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

/** The few places where SQLite and PostgreSQL differ, kept together. */

export type Dialect = 'sqlite' | 'postgres';

/**
 * Which database a query builder (the database or one of its transactions) talks to. The one place
 * the dialect is worked out; everything else asks here.
 */
export function dialectOf<Schema>(db: Kysely<Schema>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** True when a write failed on a primary-key or unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** True when a write referenced a row that does not exist (or no longer exists). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * `SELECT … FOR UPDATE` on PostgreSQL; SQLite has no row locks and needs none, since its write
 * transactions already run one at a time (BEGIN IMMEDIATE).
 */
export function lockForUpdate<Q extends { forUpdate(): Q }>(db: Kysely<DB>, query: Q): Q {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * The rows of `query` as one JSON array column (`json_agg` on PostgreSQL, `json_group_array` on
 * SQLite): several result sets in one statement, so one round trip instead of one per set. Read
 * the column back with `jsonRowsOf`.
 */
export function jsonRows<O>(db: Kysely<DB>, query: SelectQueryBuilder<DB, keyof DB, O>): RawBuilder<O[]> {
  const rows = dialectOf(db) === 'postgres' ? postgresJsonArrayFrom(query) : sqliteJsonArrayFrom(query);
  // The helpers type the rows as JSON would carry them; the callers read numbers with Number().
  return rows as unknown as RawBuilder<O[]>;
}

/** A `jsonRows` column as read: parsed by pg already, JSON text from SQLite. */
export function jsonRowsOf<O>(value: O[] | string): O[] {
  return typeof value === 'string' ? (JSON.parse(value) as O[]) : value;
}
