import type { Database } from '../../db/database.js';
import { inUnitOfWork } from '../../db/unit-of-work.js';
import { findKeyBySecretHash, type KeyAuthRow } from './api-keys.repository.js';
import { keyRowCacheOf } from './key-cache.js';

const MAX_ENTRIES = 10_000;

interface Entry {
  row: KeyAuthRow | undefined;
  version: number;
}

/**
 * The key row for a secret hash, on every authenticated request; remembered so that a request
 * makes one database round trip (its own), while revocation, rotation and plan changes from any
 * process still apply to the very next request:
 *
 * - SQLite: a remembered row is used while the database's key-change counter is unchanged, that is
 *   while no key, secret or account was changed since it was read (by any process: triggers move
 *   it, migration key-change-counter). Other commits (a course created, usage written) leave the
 *   rows remembered.
 * - PostgreSQL: rows are remembered while the process listens for the announcements of key changes
 *   (key-cache.ts, started by the app), each of which drops them all; while it is not listening,
 *   every request reads the database.
 *
 * Inside a unit of work, whose uncommitted writes no cache knows of, the database is read. Only
 * hashes are held, never keys.
 */
export async function lookupKey(db: Database, hash: string): Promise<KeyAuthRow | undefined> {
  const version = db.keyChanges();
  if (version === undefined) {
    const cache = inUnitOfWork() ? undefined : keyRowCacheOf<KeyAuthRow>(db);
    return cache ? cache.lookup(hash, () => findKeyBySecretHash(db, hash)) : findKeyBySecretHash(db, hash);
  }
  const cache = db.cache<Entry>('api-key-rows', MAX_ENTRIES);
  const entry = cache.get(hash);
  if (entry && entry.version === version) return entry.row;
  // The counter is read before the row: a key change in between makes the entry stale at once.
  const row = await findKeyBySecretHash(db, hash);
  cache.set(hash, { row, version });
  return row;
}
