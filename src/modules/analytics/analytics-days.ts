/**
 * The keys of the day rollups, shared by their writers and readers: the UTC day of a timestamp,
 * the bucket of a time to complete, and how a period splits into whole days (read from the day
 * rollups) and raw ranges within its edge days (read from raw rows).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (`YYYY-MM-DD`) of an ISO timestamp as stored (UTC, `Z`). */
export const dayOf = (iso: string): string => iso.slice(0, 10);

const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
const dayAfter = (day: string): string => new Date(dayStart(day) + DAY_MS).toISOString().slice(0, 10);
const isoAt = (ms: number): string => new Date(ms).toISOString();

/**
 * The bucket of a time to complete (ms): 0..3 for 0..3 ms, then four buckets per power of two
 * (each at most 25% wider than its start), so a day has at most ~150 buckets whatever the times.
 * Integer arithmetic on exact powers of two: the same bucket for the same value everywhere.
 */
export function completionBucket(ms: number): number {
  if (ms < 4) return Math.max(0, ms);
  let e = Math.floor(Math.log2(ms));
  if (2 ** e > ms) e -= 1;
  else if (2 ** (e + 1) <= ms) e += 1;
  return 4 * (e - 1) + Math.floor(ms / 2 ** (e - 2)) - 4;
}

/** The smallest time (ms) in a bucket; bucket b holds [bucketStart(b), bucketStart(b + 1)). */
export function bucketStart(bucket: number): number {
  return bucket < 4 ? bucket : (4 + (bucket % 4)) * 2 ** (Math.floor(bucket / 4) - 1);
}

/** Rows with a timestamp in [from, to), counted with `sign` (−1: subtracted from a whole day). */
export interface RawRange {
  from: string;
  to: string;
  sign: 1 | -1;
}

/** A period as whole days [fromDay, toDay) of the day rollups (`fromDay` absent: from the first) plus raw ranges. */
export interface PeriodSplit {
  days: { fromDay: string | undefined; toDay: string } | null;
  raw: RawRange[];
}

/**
 * Splits [from, to) (`from` absent: since the beginning) into whole UTC days and raw ranges inside
 * the partial edge days. A partial edge day is read either as its part inside the period, or as
 * the whole day (rollup) minus its part outside; whichever spans less time before `now`. Rows
 * carry the time they were written, so none lies after now: a range that starts at or after now
 * is left out (a period that ends now takes today's rollup as is).
 */
export function splitPeriod(from: string | undefined, to: string, now: number): PeriodSplit {
  const cost = (r: RawRange) => Math.max(0, Math.min(Date.parse(r.to), now) - Date.parse(r.from));
  type Edge = { day: string | undefined; raw: RawRange[] };
  const fromEdges: Edge[] = [];
  if (from === undefined) fromEdges.push({ day: undefined, raw: [] });
  else {
    const day = dayOf(from);
    const start = isoAt(dayStart(day));
    if (from === start) fromEdges.push({ day, raw: [] });
    else {
      const next = dayAfter(day);
      fromEdges.push({ day: next, raw: [{ from, to: isoAt(dayStart(next)), sign: 1 }] });
      fromEdges.push({ day, raw: [{ from: start, to: from, sign: -1 }] });
    }
  }
  const toEdges: Edge[] = [];
  const toDay = dayOf(to);
  const toDayStart = isoAt(dayStart(toDay));
  if (to === toDayStart) toEdges.push({ day: toDay, raw: [] });
  else {
    const next = dayAfter(toDay);
    toEdges.push({ day: toDay, raw: [{ from: toDayStart, to, sign: 1 }] });
    toEdges.push({ day: next, raw: [{ from: to, to: isoAt(dayStart(next)), sign: -1 }] });
  }
  const candidates: PeriodSplit[] = [];
  for (const f of fromEdges) {
    for (const t of toEdges) {
      if (f.day !== undefined && f.day > t.day!) continue; // both edges in one day, each read as its inside part
      const days = f.day === t.day ? null : { fromDay: f.day, toDay: t.day! };
      candidates.push({ days, raw: [...f.raw, ...t.raw] });
    }
  }
  // From and to inside the same day: that day's part in the period, read directly.
  if (from !== undefined && dayOf(from) === toDay) candidates.push({ days: null, raw: [{ from, to, sign: 1 }] });
  const total = (split: PeriodSplit) => split.raw.reduce((sum, r) => sum + cost(r), 0);
  const best = candidates.reduce((chosen, c) => (total(c) < total(chosen) ? c : chosen));
  return { days: best.days, raw: best.raw.filter((r) => Date.parse(r.from) < now) };
}
