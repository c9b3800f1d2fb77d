/**
 * The keys of the day rollups, shared by their writers and readers: the UTC day of a timestamp,
 * the bucket of a time to complete, and how a period splits into whole days (read from the day
 * rollups) and ranges within its edge days (read from the rows themselves).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (`YYYY-MM-DD`) of an ISO timestamp as stored (UTC, `Z`). */
export const dayOf = (iso: string): string => iso.slice(0, 10);

const isoAt = (ms: number): string => new Date(ms).toISOString();

/**
 * The bucket of a time to complete (ms): 0..3 for 0..3 ms, then four buckets per power of two
 * (each at most 25% wider than its start), so a day has at most ~150 buckets whatever the times.
 * Integer arithmetic on exact powers of two: the same bucket for the same value everywhere.
 */
export function completionBucket(ms: number): number {
  if (ms < 4) return Math.max(0, ms);
  // The power of two at or below ms (corrected where log2 rounds across it).
  let exponent = Math.floor(Math.log2(ms));
  if (2 ** exponent > ms) exponent -= 1;
  else if (2 ** (exponent + 1) <= ms) exponent += 1;
  return 4 * (exponent - 1) + Math.floor(ms / 2 ** (exponent - 2)) - 4;
}

/** The smallest time (ms) in a bucket; bucket b holds [bucketStart(b), bucketStart(b + 1)). */
export function bucketStart(bucket: number): number {
  return bucket < 4 ? bucket : (4 + (bucket % 4)) * 2 ** (Math.floor(bucket / 4) - 1);
}

/** Rows with a timestamp in [from, to) of an edge day, counted with `sign` (−1: subtracted from a whole day). */
export interface EdgeRange {
  from: string;
  to: string;
  sign: 1 | -1;
}

/** A period as whole days [fromDay, toDay) of the day rollups (`fromDay` absent: from the first) plus ranges of its edge days. */
export interface PeriodSplit {
  days: { fromDay: string | undefined; toDay: string } | null;
  edges: EdgeRange[];
}

/**
 * Splits [from, to) (`from` absent: since the beginning) into whole UTC days and ranges inside
 * the partial edge days. A partial edge day is read either as its part inside the period, or as
 * the whole day (rollup) minus its part outside; whichever spans less time before `now`. Rows
 * carry the time they were written, so none lies after now: a range that starts at or after now
 * is left out (a period that ends now takes today's rollup as is).
 */
export function splitPeriod(from: string | undefined, to: string, now: number): PeriodSplit {
  // Times as numbers throughout (this runs up to three times per request); ISO text only for what is returned.
  type Range = { fromMs: number; toMs: number; sign: 1 | -1 };
  /** One way to read an edge: the first (or end) whole day, and the ranges of rows that correct it. */
  type Edge = { day: string | undefined; ranges: Range[] };
  const dayAt = (ms: number): string => isoAt(ms).slice(0, 10);
  const fromEdges: Edge[] = [];
  if (from === undefined) fromEdges.push({ day: undefined, ranges: [] });
  else {
    const fromMs = Date.parse(from);
    const start = Math.floor(fromMs / DAY_MS) * DAY_MS;
    if (fromMs === start) fromEdges.push({ day: dayOf(from), ranges: [] });
    else {
      const next = start + DAY_MS;
      fromEdges.push({ day: dayAt(next), ranges: [{ fromMs, toMs: next, sign: 1 }] });
      fromEdges.push({ day: dayOf(from), ranges: [{ fromMs: start, toMs: fromMs, sign: -1 }] });
    }
  }
  const toMs = Date.parse(to);
  const toDay = dayOf(to);
  const toDayStart = Math.floor(toMs / DAY_MS) * DAY_MS;
  const toEdges: Edge[] = [];
  if (toMs === toDayStart) toEdges.push({ day: toDay, ranges: [] });
  else {
    const next = toDayStart + DAY_MS;
    toEdges.push({ day: toDay, ranges: [{ fromMs: toDayStart, toMs, sign: 1 }] });
    toEdges.push({ day: dayAt(next), ranges: [{ fromMs: toMs, toMs: next, sign: -1 }] });
  }
  // What reading the ranges costs: the time they span before now (no row lies after it).
  const costOf = (ranges: Range[]) => ranges.reduce((sum, r) => sum + Math.max(0, Math.min(r.toMs, now) - r.fromMs), 0);
  let best: { days: PeriodSplit['days']; ranges: Range[]; cost: number } | undefined;
  const consider = (days: PeriodSplit['days'], ranges: Range[]) => {
    const cost = costOf(ranges);
    if (best === undefined || cost < best.cost) best = { days, ranges, cost };
  };
  for (const fromEdge of fromEdges) {
    for (const toEdge of toEdges) {
      if (fromEdge.day !== undefined && fromEdge.day > toEdge.day!) continue; // both edges in one day, each read as its inside part
      consider(fromEdge.day === toEdge.day ? null : { fromDay: fromEdge.day, toDay: toEdge.day! }, [...fromEdge.ranges, ...toEdge.ranges]);
    }
  }
  // From and to inside the same day: that day's part in the period, read directly.
  if (from !== undefined && dayOf(from) === toDay) consider(null, [{ fromMs: Date.parse(from), toMs, sign: 1 }]);
  const chosen = best!;
  return {
    days: chosen.days,
    edges: chosen.ranges
      .filter((r) => r.fromMs < now)
      .map((r) => ({ from: r.fromMs === toMs ? to : isoAt(r.fromMs), to: r.toMs === toMs ? to : isoAt(r.toMs), sign: r.sign })),
  };
}
