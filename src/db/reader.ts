import type { Kysely } from 'kysely';
import type { DB } from './types.js';

/** better-sqlite3's part we use: a cached prepare(). */
export interface SqliteReader {
  prepare(sql: string): { all(...parameters: unknown[]): unknown[]; get(...parameters: unknown[]): unknown; pluck(toggle?: boolean): { get(): unknown } };
}

const readers = new WeakMap<Kysely<DB>, SqliteReader>();
const versionStatements = new WeakMap<Kysely<DB>, { get(): unknown }>();

/**
 * Registers the read-only SQLite connection of a database. In WAL mode it reads the last
 * committed state, never another request's open transaction, so single-row reads outside
 * transactions can run on it synchronously: no connection mutex, no queueing behind a write.
 */
export function registerReader(db: Kysely<DB>, reader: SqliteReader): void {
  readers.set(db, reader);
  versionStatements.set(db, reader.prepare('pragma data_version').pluck());
}

export function readerOf(db: Kysely<DB>): SqliteReader | undefined {
  return db.isTransaction ? undefined : readers.get(db);
}

/**
 * A number that changes whenever any connection, in this process or another, commits a change
 * to the database (SQLite's `PRAGMA data_version` on the reader). Caches of rarely changing rows
 * compare it to know they are still exact. `undefined` where no such signal exists (PostgreSQL):
 * there, read the database.
 */
export function dataVersion(db: Kysely<DB>): number | undefined {
  return versionStatements.get(db)?.get() as number | undefined;
}
