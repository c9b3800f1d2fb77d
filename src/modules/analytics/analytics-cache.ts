import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { PeriodSplit } from './analytics-days.js';
import type { CourseTally } from './analytics-tallies.js';

/**
 * A course's counts and median time to complete for one period (or the whole history), as of a
 * version of its rollups. Every change to the rollups bumps the version in the transaction of the
 * write itself (analytics-rollups.ts), and these figures depend on the rows that change them
 * alone, so a remembered answer is exact while the database still holds its version: a request
 * then reads the version, the lessons and the active-student counts, not the rollups and edge rows.
 * Per process and per database; other processes' writes move the version too.
 */
export interface CachedCounts {
  version: number;
  tally: CourseTally;
  medianMs: number | null;
}

/**
 * What a period's counts are a function of, the version aside: its whole days and raw edge ranges,
 * and its bounds (the median reads enrollments between them). A period that ends now reads every
 * row up to now, which no row lies after (rows carry the time they were written): its end stays
 * `now` from request to request, so a dashboard asking again for "since `from`" finds it.
 */
export function periodKey(period: PeriodSplit | undefined, window: { from: string | undefined; to: string; endsNow: boolean }): string {
  if (period === undefined) return 'all';
  return JSON.stringify([period.days, period.raw, window.from ?? null, window.endsNow ? 'now' : window.to]);
}

const MAX_ENTRIES = 2000;
const caches = new WeakMap<Kysely<DB>, Map<string, CachedCounts>>();

export function cachedCounts(db: Kysely<DB>, courseId: string, key: string): CachedCounts | undefined {
  return caches.get(db)?.get(`${courseId} ${key}`);
}

export function rememberCounts(db: Kysely<DB>, courseId: string, key: string, entry: CachedCounts): void {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const at = `${courseId} ${key}`;
  if (cache.size >= MAX_ENTRIES && !cache.has(at)) cache.clear();
  cache.set(at, entry);
}
