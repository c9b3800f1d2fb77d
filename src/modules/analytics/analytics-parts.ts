import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { recall, remember } from './analytics-cache.js';
import type { PeriodSplit, RawRange } from './analytics-days.js';
import { type EdgeCounts, edgeCounts } from './analytics-tallies.js';
import type { CourseReads } from './analytics.repository.js';

/** What a period's whole days read from the day rollups. */
type DayCounts = Pick<CourseReads, 'days' | 'progress' | 'completions' | 'lessonCounts'>;

/**
 * The parts of a course period that other periods share, remembered at the rollups' version
 * (analytics-cache.ts), so that a period not asked for before reads only what is new to it. A
 * dashboard asking "since now − 7 days" asks for a new period on every request, but:
 * - its whole days are the same all day: their counts are remembered per day range;
 * - its edge ranges lie within one day and reach one of its midnights, [midnight, t) or
 *   [t, midnight), with `t` a little later than last time: an edge's counts are remembered per
 *   midnight and side with the `t` they reach, and the next request reads only the rows between
 *   that `t` and its own, adding them or taking them off.
 * Counts add up, and the same version means the same rows, so the result is exact; when the version
 * has moved, the whole period is read again.
 */
export function periodParts(db: Kysely<DB>, courseId: string, period: PeriodSplit) {
  const daysKey = period.days ? `course-days ${courseId} ${JSON.stringify(period.days)}` : undefined;
  const days = daysKey === undefined ? undefined : recall<DayCounts>(db, daysKey);
  const edges = period.raw.map((range) => planEdge(db, courseId, range));

  const keep = (reads: CourseReads, counts: EdgeCounts[]) => {
    if (!reads.ready) return;
    const version = reads.version;
    if (daysKey !== undefined) {
      const { days: dayRows, progress, completions, lessonCounts } = reads;
      remember<DayCounts>(db, daysKey, { version, value: { days: dayRows, progress, completions, lessonCounts } });
    }
    edges.forEach((edge, i) => edge.key !== undefined && remember<Edge>(db, edge.key, { version, value: { end: edge.end, counts: counts[i]! } }));
  };

  return {
    /** What to read: the whole days unless remembered, and for each edge the rows to add or take off (or all of them). */
    readPeriod: { days: days === undefined ? period.days : null, raw: edges.map((edge) => edge.read) } satisfies PeriodSplit,
    /** A read of `readPeriod` completed with the remembered parts, and the edges' counts; undefined when a part is of another version. */
    assemble(reads: CourseReads): { reads: CourseReads; edges: EdgeCounts[] } | undefined {
      if ((days !== undefined && days.version !== reads.version) || edges.some((edge) => edge.entry !== undefined && edge.entry.version !== reads.version)) return undefined;
      const counts = edges.map((edge, i) => (edge.entry ? edgeCounts(reads.raw[i]!, edge.entry.value.counts, edge.shift) : edgeCounts(reads.raw[i]!)));
      const complete = days === undefined ? reads : { ...reads, ...days.value };
      keep(complete, counts);
      return { reads: complete, edges: counts };
    },
    /** A read of the period itself, its parts remembered, and the edges' counts. */
    remember(reads: CourseReads): { reads: CourseReads; edges: EdgeCounts[] } {
      const counts = edges.map((_, i) => edgeCounts(reads.raw[i]!));
      keep(reads, counts);
      return { reads, edges: counts };
    },
  };
}

/** An edge's counts: of its rows from the midnight to `end`. */
interface Edge {
  end: string;
  counts: EdgeCounts;
}

const atMidnight = (iso: string) => iso.endsWith('T00:00:00.000Z');

function planEdge(db: Kysely<DB>, courseId: string, range: RawRange) {
  // The side of the midnight the edge lies on; a range between two other times (one day's part) is read as it is.
  const side = atMidnight(range.from) && !atMidnight(range.to) ? 'after' : atMidnight(range.to) && !atMidnight(range.from) ? 'before' : undefined;
  if (side === undefined) return { read: range, key: undefined, entry: undefined, end: '', shift: 1 as const };
  const midnight = side === 'after' ? range.from : range.to;
  const end = side === 'after' ? range.to : range.from;
  const key = `edge ${courseId} ${side} ${midnight}`;
  const entry = recall<Edge>(db, key);
  if (entry === undefined) return { read: range, key, entry, end, shift: 1 as const };
  const was = entry.value.end;
  const [from, to] = end < was ? [end, was] : [was, end];
  // After the midnight, a later end takes in more rows; before it, an earlier one does.
  const grows = side === 'after' ? end >= was : end <= was;
  return { read: { from, to, sign: range.sign }, key, entry, end, shift: grows ? (1 as const) : (-1 as const) };
}
