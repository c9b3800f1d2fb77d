import type { Kysely } from 'kysely';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import { bucketStart, completionBucket, dayOf, type PeriodSplit } from './analytics-days.js';
import * as repo from './analytics.repository.js';

/**
 * The counts behind the figures, read either from the whole-history rollups, or for a period from
 * the day rollups of its whole days plus the raw rows of its partial edge days (docs/analytics.md).
 * A count read from a day rollup and corrected by raw rows is exact, so the figures are too.
 */

/** Counts by key; a raw range with sign −1 takes its rows off a whole day read from the rollups. */
export class Counts<K> extends Map<K, number> {
  add(key: K, n: number): this {
    return this.set(key, (this.get(key) ?? 0) + n);
  }

  /** Entries with a positive count, by key. */
  sorted(): [K, number][] {
    return [...this].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

export interface CourseTally {
  statuses: Counts<EnrollmentStatus>;
  /** Enrollments by UTC day of enrolled_at. */
  days: Counts<string>;
  /** Enrollments not cancelled, by lessons completed. */
  progress: Counts<number>;
  /** Completed enrollments by bucket of time to complete (analytics-days.ts). */
  completions: Counts<number>;
  /** Students by lesson id. */
  started: Counts<string>;
  completed: Counts<string>;
}

const emptyCourseTally = (): CourseTally => ({
  statuses: new Counts(),
  days: new Counts(),
  progress: new Counts(),
  completions: new Counts(),
  started: new Counts(),
  completed: new Counts(),
});

/** What the rows of one raw range count: enrollments by status, by lessons completed, by bucket; students per lesson. */
export interface EdgeCounts {
  enrollments: number;
  statuses: Counts<EnrollmentStatus>;
  progress: Counts<number>;
  completions: Counts<number>;
  started: Counts<string>;
  completed: Counts<string>;
}

const noEdge: EdgeCounts = { enrollments: 0, statuses: new Counts(), progress: new Counts(), completions: new Counts(), started: new Counts(), completed: new Counts() };

/** The counts of a raw range's rows; with `base`, its counts plus (`sign` 1) or minus (−1) those (`base` is left as it is). */
export function edgeCounts(raw: repo.RawReads, base: EdgeCounts = noEdge, sign: 1 | -1 = 1): EdgeCounts {
  const counts: EdgeCounts = {
    enrollments: base.enrollments,
    statuses: new Counts(base.statuses),
    progress: new Counts(base.progress),
    completions: new Counts(base.completions),
    started: new Counts(base.started),
    completed: new Counts(base.completed),
  };
  addEdge(counts, raw, sign);
  return counts;
}

function addEdge(counts: EdgeCounts, raw: repo.RawReads, sign: 1 | -1): void {
  for (const e of raw.enrollments) {
    counts.enrollments += sign;
    counts.statuses.add(e.status, sign);
    if (e.status !== 'cancelled') counts.progress.add(Number(e.k), sign);
    if (e.status === 'completed' && e.time_to_complete_ms !== null) counts.completions.add(completionBucket(Number(e.time_to_complete_ms)), sign);
  }
  for (const r of raw.started) counts.started.add(r.lesson_id, sign * Number(r.n));
  for (const r of raw.completed) counts.completed.add(r.lesson_id, sign * Number(r.n));
}

/**
 * The course's counts from what `readCourse` read for `period` (undefined: the whole history): its
 * whole days, and its raw ranges, each with its sign, from the rows read (`edges` undefined) or from
 * counts at hand (`edges[i]` for `period.raw[i]`, see analytics.service.ts).
 */
export function courseTally(reads: repo.CourseReads, period: PeriodSplit | undefined, edges?: EdgeCounts[]): CourseTally {
  const tally = emptyCourseTally();
  for (const d of reads.days) {
    tally.statuses.add('active', Number(d.active)).add('completed', Number(d.completed)).add('cancelled', Number(d.cancelled));
    tally.days.add(d.day, Number(d.active) + Number(d.completed) + Number(d.cancelled));
  }
  for (const b of reads.progress) tally.progress.add(Number(b.k), Number(b.n));
  for (const b of reads.completions) tally.completions.add(Number(b.bucket), Number(b.n));
  for (const l of reads.lessonCounts) {
    tally.started.add(l.lesson_id, Number(l.started));
    tally.completed.add(l.lesson_id, Number(l.completed));
  }
  (period?.raw ?? []).forEach((range, i) => {
    const edge = edges?.[i] ?? edgeCounts(reads.raw[i]!);
    const sign = range.sign;
    tally.days.add(dayOf(range.from), sign * edge.enrollments);
    for (const [status, n] of edge.statuses) tally.statuses.add(status, sign * n);
    for (const [k, n] of edge.progress) tally.progress.add(k, sign * n);
    for (const [bucket, n] of edge.completions) tally.completions.add(bucket, sign * n);
    for (const [lesson, n] of edge.started) tally.started.add(lesson, sign * n);
    for (const [lesson, n] of edge.completed) tally.completed.add(lesson, sign * n);
  });
  return tally;
}

/**
 * The median time to complete (ms) of the completed enrollments (enrolled in `window`), from a
 * histogram of them by bucket (`histogram(0)`: the one at hand, `histogram(1)`, `(2)`: read again):
 * it tells which bucket holds the middle, and how far into it; the middle time(s) are then read
 * from that bucket in index order. A concurrent write between the two reads can leave the bucket
 * short of the middle: read both again (then take what is there).
 */
export async function medianTimeToCompleteMs(
  db: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  window: repo.Bounds | undefined,
  histogram: (attempt: number) => Promise<Counts<number>>,
): Promise<number | null> {
  let values: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const buckets = (await histogram(attempt)).sorted();
    const total = buckets.reduce((sum, [, n]) => sum + n, 0);
    if (total === 0) return null;
    const low = Math.floor((total - 1) / 2);
    const high = Math.floor(total / 2);
    // The buckets holding ranks `low` and `high`, and how many come before the first of them.
    let before = 0;
    let index = 0;
    while (before + buckets[index]![1] <= low) before += buckets[index++]![1];
    const last = before + buckets[index]![1] > high ? index : index + 1;
    values = await repo.completionTimesBetween(db, workspaceId, courseId, window, {
      lowMs: bucketStart(buckets[index]![0]),
      highMs: bucketStart(buckets[last]![0] + 1),
      offset: low - before,
      limit: high - low + 1,
    });
    if (values.length === high - low + 1) break;
  }
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

export interface QuizTally {
  attempts: number;
  students: number;
  passed: number;
  scoreSum: number;
  scores: Counts<number>;
  questions: Map<string, { attempts: number; correct: number }>;
}

const emptyQuizTally = (): QuizTally => ({ attempts: 0, students: 0, passed: 0, scoreSum: 0, scores: new Counts(), questions: new Map() });

function addQuestion(tally: QuizTally, questionId: string, attempts: number, correct: number): void {
  const q = tally.questions.get(questionId) ?? { attempts: 0, correct: 0 };
  q.attempts += attempts;
  q.correct += correct;
  tally.questions.set(questionId, q);
}

/**
 * Each quiz's counts from what `readQuizzes` read: with a student, from their attempts in the
 * window; otherwise from the whole-history rollups (`period` undefined) or a period's day rollups
 * and edge attempts.
 */
export function quizTallies(reads: repo.QuizReads, byStudent: boolean, period: PeriodSplit | undefined): Map<string, QuizTally> {
  const tallies = new Map(reads.quizzes.map((q) => [q.id, emptyQuizTally()]));
  const addAttempts = (rows: repo.AttemptRow[], sign: 1 | -1) => {
    for (const a of rows) {
      const tally = tallies.get(a.lesson_id)!;
      tally.attempts += sign;
      tally.passed += Number(a.passed) === 1 ? sign : 0;
      tally.scoreSum += sign * Number(a.score);
      tally.scores.add(Number(a.score), sign);
      for (const r of JSON.parse(a.results) as { question_id: string; correct: boolean }[]) addQuestion(tally, r.question_id, sign, r.correct ? sign : 0);
    }
  };
  if (byStudent) {
    addAttempts(reads.attempts[0] ?? [], 1);
    for (const tally of tallies.values()) tally.students = tally.attempts > 0 ? 1 : 0;
    return tallies;
  }
  for (const r of reads.lessons) {
    Object.assign(tallies.get(r.lesson_id)!, { attempts: Number(r.attempts), passed: Number(r.passed), scoreSum: Number(r.score_sum) });
    if (period === undefined) tallies.get(r.lesson_id)!.students = Number(r.attempt_students);
  }
  for (const s of reads.scores) tallies.get(s.lesson_id)!.scores.add(Number(s.score), Number(s.attempts));
  for (const q of reads.questions) addQuestion(tallies.get(q.lesson_id)!, q.question_id, Number(q.attempts), Number(q.correct));
  (period?.raw ?? []).forEach((range, i) => addAttempts(reads.attempts[i] ?? [], range.sign));
  for (const r of reads.students) tallies.get(r.lesson_id)!.students = Number(r.n);
  return tallies;
}
