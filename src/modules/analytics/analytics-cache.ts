import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { CourseTally } from './analytics-tallies.js';

/**
 * A course's whole-history counts and median time to complete, as of a version of its rollups.
 * Every change to the rollups bumps the version in its own transaction (analytics-rollups.ts), and
 * these figures depend on the rollups alone (the median on completions, which only change with
 * them), so a remembered answer is exact while the database still holds its version: a request
 * then reads the version, the lessons and the active-student counts, not every day's rollups.
 * Per process and per database; other processes' writes move the version too.
 */
export interface CachedHistory {
  version: number;
  tally: CourseTally;
  medianMs: number | null;
}

const MAX_COURSES = 1000;
const caches = new WeakMap<Kysely<DB>, Map<string, CachedHistory>>();

export function cachedHistory(db: Kysely<DB>, courseId: string): CachedHistory | undefined {
  return caches.get(db)?.get(courseId);
}

export function rememberHistory(db: Kysely<DB>, courseId: string, entry: CachedHistory): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  if (cache.size >= MAX_COURSES && !cache.has(courseId)) cache.clear();
  cache.set(courseId, entry);
}
