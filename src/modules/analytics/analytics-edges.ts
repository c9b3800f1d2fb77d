import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { recall, remember } from './analytics-cache.js';
import type { PeriodSplit, RawRange } from './analytics-days.js';
import { type EdgeCounts, edgeCounts, shiftedEdge } from './analytics-tallies.js';
import type { CourseReads } from './analytics.repository.js';

/**
 * A period's edge ranges lie within one day and reach one of its midnights: [midnight, t) or
 * [t, midnight). A dashboard asking "since now − 7 days" asks on every request for an edge whose end
 * `t` is a little later than the last one's. The counts of an edge's rows are remembered per course,
 * midnight and side, with the end `t` they reach and the rollups' version (analytics-cache.ts); the
 * next request reads only the rows between the remembered end and its own, and adds them or takes
 * them off. Counts add up, and the same version means the same rows, so the counts are exact; when
 * the version has moved, the whole period is read again.
 */
export function slidingEdges(db: Kysely<DB>, courseId: string, period: PeriodSplit) {
  const plans = period.raw.map((range) => planEdge(db, courseId, range));
  return {
    /** The period to read: its whole days, and for each edge the rows to add or take off (or all of them). */
    readPeriod: { days: period.days, raw: plans.map((p) => p.read) } satisfies PeriodSplit,
    /** Each edge's counts from a read of `readPeriod`, remembered; undefined when a remembered edge is of another version. */
    counts(reads: CourseReads): EdgeCounts[] | undefined {
      if (plans.some((p) => p.entry !== undefined && p.entry.version !== reads.version)) return undefined;
      return plans.map((p, i) => {
        const counts = p.entry ? shiftedEdge(p.entry.value.counts, reads.raw[i]!, p.shift) : edgeCounts(reads.raw[i]!);
        if (p.key !== undefined && reads.ready) remember<Edge>(db, p.key, { version: reads.version, value: { end: p.end, counts } });
        return counts;
      });
    },
    /** Each edge's counts from a read of the period itself, remembered. */
    remember(reads: CourseReads): EdgeCounts[] {
      return plans.map((p, i) => {
        const counts = edgeCounts(reads.raw[i]!);
        if (p.key !== undefined) remember<Edge>(db, p.key, { version: reads.version, value: { end: p.end, counts } });
        return counts;
      });
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
