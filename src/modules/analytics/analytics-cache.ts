import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { PeriodSplit } from './analytics-days.js';

/**
 * Analytics counts remembered at the version of the rollups they were read from. Every change to a
 * course's rollups bumps `course_rollups.version` in the transaction of the write itself
 * (analytics-rollups.ts), and the counts of a period depend on the rows that change them alone, so
 * a remembered answer is exact while the database still holds its version: a request then reads the
 * version (and what it presents fresh: lessons, titles, active students), not the rollups and edge
 * rows. Per process and per database; other processes' writes move the version too.
 */
export interface Remembered<T> {
  /** The version(s) the value was read at, as the statement reads them. */
  version: string;
  value: T;
}

/**
 * What a period's counts are a function of, the version aside: its whole days and raw edge ranges,
 * and its bounds (the median and distinct students read rows between them). A period that ends now
 * reads every row up to now, which no row lies after (rows carry the time they were written): its
 * end stays `now` from request to request, so a dashboard asking again for "since `from`" finds it.
 */
export function periodKey(period: PeriodSplit | undefined, window: { from: string | undefined; to: string; endsNow: boolean }): string {
  if (period === undefined) return 'all';
  return JSON.stringify([period.days, period.raw, window.from ?? null, window.endsNow ? 'now' : window.to]);
}

/** Entries per database, least recently used evicted first: a period asked once ("since now − 7 days") does not push out the ones asked again. */
export const MAX_ENTRIES = 2000;
const caches = new WeakMap<Kysely<DB>, Map<string, Remembered<unknown>>>();

/** The value remembered under `key`, whatever its version (the caller compares it with the one it read). */
export function recall<T>(db: Kysely<DB>, key: string): Remembered<T> | undefined {
  const cache = caches.get(db);
  const entry = cache?.get(key);
  if (entry !== undefined) {
    // A Map iterates in insertion order: moved to the end, it is the most recently used.
    cache!.delete(key);
    cache!.set(key, entry);
  }
  return entry as Remembered<T> | undefined;
}

export function remember<T>(db: Kysely<DB>, key: string, entry: Remembered<T>): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
}
