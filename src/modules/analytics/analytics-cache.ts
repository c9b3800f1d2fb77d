import type { Database } from '../../db/database.js';
import type { QuizFilters } from './analytics.repository.js';
import type { PeriodSplit } from './analytics-days.js';

/**
 * Counts remembered at the version of the rollups they were read from. Every change to a course's
 * rollups moves `course_rollups.version` in the transaction of the write (analytics-rollups.ts),
 * and the counts of a period depend on nothing else, so counts remembered at the version(s) a
 * request reads are exact: the request then reads the version, and what it presents fresh (lessons,
 * titles, active students), not the rollups and edge rows (bench/README.md, "Analytics at scale",
 * has what that saves). Writes of other processes move the version too. Kept by the database
 * object, per process: a course's counts, and quiz results other than one student's.
 */
export interface RememberedCounts<T> {
  /** The version(s) the counts were read at, as the statement reads them. */
  version: string;
  counts: T;
}

/** Entries per database, least recently used evicted first: a period asked once ("since now − 7 days" to the millisecond) does not push out the ones asked again. */
export const MAX_ENTRIES = 2000;

export function rememberedCounts<T>(db: Database) {
  return db.cache<RememberedCounts<T>>('analytics-counts', MAX_ENTRIES);
}

export const courseCountsKey = (courseId: string, period: PeriodSplit | undefined, window: PeriodBounds): string => `course ${courseId} ${periodKey(period, window)}`;

export const quizCountsKey = (workspaceId: string, filters: QuizFilters, period: PeriodSplit | undefined, window: PeriodBounds): string =>
  `quizzes ${workspaceId} ${filters.courseId ?? ''} ${filters.lessonId ?? ''} ${periodKey(period, window)}`;

interface PeriodBounds {
  from: string | undefined;
  to: string;
  endsNow: boolean;
}

/**
 * What a period's counts are a function of, the version aside: its whole days and edge ranges, and
 * its bounds (the median and distinct students read rows between them). A period that ends now
 * reads every row up to now, which no row lies after (rows carry the time they were written): its
 * end stays `now` from request to request, so a dashboard asking again for "since `from`" finds it.
 */
function periodKey(period: PeriodSplit | undefined, window: PeriodBounds): string {
  if (period === undefined) return 'all';
  return JSON.stringify([period.days, period.edges, window.from ?? null, window.endsNow ? 'now' : window.to]);
}
