import type { Database } from '../../db/database.js';
import type { PeriodSplit } from './analytics-days.js';

/**
 * A course's counts remembered at the version of its rollups. Every change to a course's rollups
 * moves `course_rollups.version` in the transaction of the write (analytics-rollups.ts), and the
 * counts of a period depend on nothing else, so counts remembered at the version a request reads
 * are exact: the request then reads the version, the lessons and the active students, not the
 * rollups and the edge rows (bench/README.md, "Analytics at scale", has what that saves). Writes of
 * other processes move the version too. Kept by the database object, per process.
 */
export interface RememberedCounts<T> {
  /** The rollups' version the counts were read at. */
  version: string;
  counts: T;
}

/** Entries per database, least recently used evicted first: a period asked once ("since now − 7 days" to the millisecond) does not push out the ones asked again. */
export const MAX_ENTRIES = 2000;

export function rememberedCounts<T>(db: Database) {
  return db.cache<RememberedCounts<T>>('analytics-course-counts', MAX_ENTRIES);
}

/**
 * What a course's counts are a function of, the version aside: the course, and the period's whole
 * days, edge ranges and bounds (the median reads rows between them). A period that ends now reads
 * every row up to now, which no row lies after (rows carry the time they were written): its end
 * stays `now` from request to request, so a dashboard asking again for "since `from`" finds it.
 */
export function countsKey(courseId: string, period: PeriodSplit | undefined, window: { from: string | undefined; to: string; endsNow: boolean }): string {
  if (period === undefined) return `${courseId} all`;
  return `${courseId} ${JSON.stringify([period.days, period.edges, window.from ?? null, window.endsNow ? 'now' : window.to])}`;
}
