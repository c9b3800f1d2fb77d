import type { Kysely } from 'kysely';
import { dataVersion } from '../../db/reader.js';
import type { DB } from '../../db/types.js';
import { findKeyBySecretHash, type KeyAuthRow } from './api-keys.repository.js';

const MAX_ENTRIES = 10_000;

interface Entry {
  row: KeyAuthRow | undefined;
  version: number;
}

const caches = new WeakMap<Kysely<DB>, Map<string, Entry>>();

/**
 * The key row for a secret hash, on every authenticated request. Where the database tells when
 * anything changed (SQLite's data version), a remembered row is used while nothing was committed
 * since it was read, so revocation, rotation and plan changes from any process still apply to the
 * very next request. Elsewhere every request reads the database. Only hashes are held, never keys.
 * Answers synchronously on a hit.
 */
export function lookupKey(db: Kysely<DB>, hash: string): KeyAuthRow | undefined | Promise<KeyAuthRow | undefined> {
  const version = dataVersion(db);
  if (version === undefined) return findKeyBySecretHash(db, hash);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const entry = cache.get(hash);
  if (entry && entry.version === version) return entry.row;
  const store = cache;
  // The version is read before the row: a commit in between makes the entry stale at once.
  return findKeyBySecretHash(db, hash).then((row) => {
    if (store.size >= MAX_ENTRIES) store.clear();
    store.set(hash, { row, version });
    return row;
  });
}
