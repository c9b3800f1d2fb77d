import type { Database } from '../../db/database.js';
import { findKeyBySecretHash, type KeyAuthRow } from './api-keys.repository.js';

const MAX_ENTRIES = 10_000;

interface Entry {
  row: KeyAuthRow | undefined;
  version: number;
}

/**
 * The key row for a secret hash, on every authenticated request. Where the database tells when
 * anything changed (SQLite's data version), a remembered row is used while nothing was committed
 * since it was read, so revocation, rotation and plan changes from any process still apply to the
 * very next request. Elsewhere every request reads the database. Only hashes are held, never keys.
 */
export async function lookupKey(db: Database, hash: string): Promise<KeyAuthRow | undefined> {
  const version = db.dataVersion();
  if (version === undefined) return findKeyBySecretHash(db, hash);
  const cache = db.cache<Entry>('api-key-rows', MAX_ENTRIES);
  const entry = cache.get(hash);
  if (entry && entry.version === version) return entry.row;
  // The version is read before the row: a commit in between makes the entry stale at once.
  const row = await findKeyBySecretHash(db, hash);
  cache.set(hash, { row, version });
  return row;
}
