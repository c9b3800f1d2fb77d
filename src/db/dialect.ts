import { type Kysely, PostgresAdapter } from 'kysely';

/** The few places where SQLite and PostgreSQL differ, kept together. */

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
export function lockForUpdate<Q extends { forUpdate(): Q }>(db: Kysely<any>, query: Q): Q {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
