import { describe, expect, it } from 'vitest';
import { bucketStart, completionBucket, type PeriodSplit, splitPeriod } from '../../src/modules/analytics/analytics-days.js';

const now = Date.parse('2026-11-21T12:00:00.000Z');

describe('splitPeriod: whole days from the day rollups, edge days from their rows', () => {
  const cases: [string, string | undefined, string, PeriodSplit][] = [
    ['whole days only', '2026-11-02T00:00:00.000Z', '2026-11-04T00:00:00.000Z', { days: { fromDay: '2026-11-02', toDay: '2026-11-04' }, edges: [] }],
    [
      'an edge early in its day: the whole day minus its start; late: the part inside',
      '2026-11-01T11:00:00.000Z',
      '2026-11-05T10:45:00.000Z',
      {
        days: { fromDay: '2026-11-01', toDay: '2026-11-05' },
        edges: [
          { from: '2026-11-01T00:00:00.000Z', to: '2026-11-01T11:00:00.000Z', sign: -1 },
          { from: '2026-11-05T00:00:00.000Z', to: '2026-11-05T10:45:00.000Z', sign: 1 },
        ],
      },
    ],
    [
      'the opposite sides',
      '2026-11-01T13:00:00.000Z',
      '2026-11-05T15:00:00.000Z',
      {
        days: { fromDay: '2026-11-02', toDay: '2026-11-06' },
        edges: [
          { from: '2026-11-01T13:00:00.000Z', to: '2026-11-02T00:00:00.000Z', sign: 1 },
          { from: '2026-11-05T15:00:00.000Z', to: '2026-11-06T00:00:00.000Z', sign: -1 },
        ],
      },
    ],
    [
      'edges in adjacent days: no whole day',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T10:00:00.000Z',
      {
        days: null,
        edges: [
          { from: '2026-11-01T13:00:00.000Z', to: '2026-11-02T00:00:00.000Z', sign: 1 },
          { from: '2026-11-02T00:00:00.000Z', to: '2026-11-02T10:00:00.000Z', sign: 1 },
        ],
      },
    ],
    ['a short part of one day: read directly', '2026-11-05T10:15:00.000Z', '2026-11-05T12:00:00.000Z', { days: null, edges: [{ from: '2026-11-05T10:15:00.000Z', to: '2026-11-05T12:00:00.000Z', sign: 1 }] }],
    [
      'most of one day: the day minus both ends',
      '2026-11-05T10:15:00.000Z',
      '2026-11-05T23:30:00.000Z',
      {
        days: { fromDay: '2026-11-05', toDay: '2026-11-06' },
        edges: [
          { from: '2026-11-05T00:00:00.000Z', to: '2026-11-05T10:15:00.000Z', sign: -1 },
          { from: '2026-11-05T23:30:00.000Z', to: '2026-11-06T00:00:00.000Z', sign: -1 },
        ],
      },
    ],
    ['ending now: today as is, the rest of it has no rows yet', '2026-11-20T00:00:00.000Z', '2026-11-21T12:00:00.000Z', { days: { fromDay: '2026-11-20', toDay: '2026-11-22' }, edges: [] }],
    ['ending later: the same', '2026-11-20T00:00:00.000Z', '2026-11-23T06:00:00.000Z', { days: { fromDay: '2026-11-20', toDay: '2026-11-23' }, edges: [] }],
    ['since the beginning', undefined, '2026-11-05T06:00:00.000Z', { days: { fromDay: undefined, toDay: '2026-11-05' }, edges: [{ from: '2026-11-05T00:00:00.000Z', to: '2026-11-05T06:00:00.000Z', sign: 1 }] }],
  ];
  it.each(cases)('%s', (_name, from, to, expected) => {
    expect(splitPeriod(from, to, now)).toEqual(expected);
  });

  it.each(['2026-11-01T00:00:00.000Z', '2026-11-20T00:00:00.000Z'])('covers exactly the period up to now, whatever the edges (3 days from %s)', (first) => {
    // Each minute of three days is counted once by the whole days and the edge ranges (±1) that cover it, or not at all.
    const start = Date.parse(first);
    const minute = 60_000;
    const covered = (split: PeriodSplit, at: number) => {
      const day = new Date(at).toISOString().slice(0, 10);
      let countedTimes = split.days && (split.days.fromDay === undefined || day >= split.days.fromDay) && day < split.days.toDay ? 1 : 0;
      for (const range of split.edges) if (at >= Date.parse(range.from) && at < Date.parse(range.to)) countedTimes += range.sign;
      return countedTimes;
    };
    const wrong: string[] = [];
    // Minutes since `start`: the period's bounds, and each minute checked.
    for (let fromMinute = 0; fromMinute < 3 * 24 * 60; fromMinute += 131) {
      for (let toMinute = fromMinute + 1; toMinute <= 3 * 24 * 60; toMinute += 113) {
        const from = new Date(start + fromMinute * minute).toISOString();
        const to = new Date(start + toMinute * minute).toISOString();
        const split = splitPeriod(from, to, now);
        for (let checked = 0; checked < 3 * 24 * 60 && start + checked * minute < now; checked += 17) {
          const at = start + checked * minute;
          if (covered(split, at) !== (checked >= fromMinute && checked < toMinute ? 1 : 0)) wrong.push(`${from}..${to} at ${new Date(at).toISOString()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('completionBucket: contiguous buckets at most 25% wide', () => {
  it('puts every time in [bucketStart(b), bucketStart(b + 1))', () => {
    const times = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1000, 1023, 1024, 1025, 14_400_000, 367_200_000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, 3e11, 2 ** 40 - 1];
    for (const ms of times) {
      const b = completionBucket(ms);
      expect(bucketStart(b), `${ms}`).toBeLessThanOrEqual(ms);
      expect(bucketStart(b + 1), `${ms}`).toBeGreaterThan(ms);
    }
    for (let b = 0; b < 160; b++) {
      expect(completionBucket(bucketStart(b))).toBe(b);
      expect(completionBucket(bucketStart(b + 1) - 1)).toBe(b);
      if (b >= 4) expect(bucketStart(b + 1) / bucketStart(b)).toBeLessThanOrEqual(1.25);
    }
  });
});
