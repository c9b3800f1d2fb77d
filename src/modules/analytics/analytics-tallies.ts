import type { Kysely } from 'kysely';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import { bucketStart, completionBucket, dayOf, type PeriodSplit } from './analytics-days.js';
import * as repo from './analytics.repository.js';

/**
 * The counts behind the figures, read either from the whole-history rollups, or for a period from
 * the day rollups of its whole days plus the rows of its partial edge days (docs/analytics.md).
 * A count read from a day rollup and corrected by an edge's rows is exact, so the figures are too.
 */

/** Counts by key; an edge range with sign −1 takes its rows off a whole day read from the rollups. */
export class Counts<K> extends Map<K, number> {
  add(key: K, count: number): this {
    return this.set(key, (this.get(key) ?? 0) + count);
  }

  /** Entries with a positive count, by key. */
  sorted(): [K, number][] {
    return [...this].filter(([, count]) => count > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

export interface CourseTally {
  /** Enrollments by status. */
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

/**
 * The course's counts from what `readCourse` read for `period` (undefined: the whole history): its
 * whole days, and the rows of its edge ranges, each added or taken off with its range's sign.
 */
export function courseTally(reads: repo.CourseReads, period: PeriodSplit | undefined): CourseTally {
  const tally: CourseTally = { statuses: new Counts(), days: new Counts(), progress: new Counts(), completions: new Counts(), started: new Counts(), completed: new Counts() };
  for (const day of reads.days) {
    tally.statuses.add('active', Number(day.active)).add('completed', Number(day.completed)).add('cancelled', Number(day.cancelled));
    tally.days.add(day.day, Number(day.active) + Number(day.completed) + Number(day.cancelled));
  }
  for (const bucket of reads.progress) tally.progress.add(Number(bucket.lessons_completed), Number(bucket.enrollments));
  for (const bucket of reads.completions) tally.completions.add(Number(bucket.bucket), Number(bucket.enrollments));
  for (const lesson of reads.lessonCounts) {
    tally.started.add(lesson.lesson_id, Number(lesson.started));
    tally.completed.add(lesson.lesson_id, Number(lesson.completed));
  }
  (period?.edges ?? []).forEach((range, i) => {
    const rows = reads.edges[i]!;
    const sign = range.sign;
    for (const enrollment of rows.enrollments) {
      tally.days.add(dayOf(range.from), sign);
      tally.statuses.add(enrollment.status, sign);
      if (enrollment.status !== 'cancelled') tally.progress.add(Number(enrollment.lessons_completed), sign);
      if (enrollment.status === 'completed' && enrollment.time_to_complete_ms !== null) tally.completions.add(completionBucket(Number(enrollment.time_to_complete_ms)), sign);
    }
    for (const lesson of rows.started) tally.started.add(lesson.lesson_id, sign * Number(lesson.students));
    for (const lesson of rows.completed) tally.completed.add(lesson.lesson_id, sign * Number(lesson.students));
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
    const total = buckets.reduce((sum, [, count]) => sum + count, 0);
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
  const question = tally.questions.get(questionId) ?? { attempts: 0, correct: 0 };
  question.attempts += attempts;
  question.correct += correct;
  tally.questions.set(questionId, question);
}

/**
 * Each quiz's counts from what `readQuizzes` read: with a student, from their attempts in the
 * window; otherwise from the whole-history rollups (`period` undefined) or a period's day rollups
 * and edge attempts.
 */
export function quizTallies(reads: repo.QuizReads, byStudent: boolean, period: PeriodSplit | undefined): Map<string, QuizTally> {
  const tallies = new Map(reads.quizzes.map((q) => [q.id, emptyQuizTally()]));
  const addAttempts = (rows: repo.AttemptRow[], sign: 1 | -1) => {
    for (const attempt of rows) {
      const tally = tallies.get(attempt.lesson_id)!;
      tally.attempts += sign;
      tally.passed += Number(attempt.passed) === 1 ? sign : 0;
      tally.scoreSum += sign * Number(attempt.score);
      tally.scores.add(Number(attempt.score), sign);
      for (const graded of JSON.parse(attempt.results) as { question_id: string; correct: boolean }[]) addQuestion(tally, graded.question_id, sign, graded.correct ? sign : 0);
    }
  };
  if (byStudent) {
    addAttempts(reads.attempts[0] ?? [], 1);
    for (const tally of tallies.values()) tally.students = tally.attempts > 0 ? 1 : 0;
    return tallies;
  }
  for (const lesson of reads.lessons) {
    Object.assign(tallies.get(lesson.lesson_id)!, { attempts: Number(lesson.attempts), passed: Number(lesson.passed), scoreSum: Number(lesson.score_sum) });
    if (period === undefined) tallies.get(lesson.lesson_id)!.students = Number(lesson.attempt_students);
  }
  for (const score of reads.scores) tallies.get(score.lesson_id)!.scores.add(Number(score.score), Number(score.attempts));
  for (const question of reads.questions) addQuestion(tallies.get(question.lesson_id)!, question.question_id, Number(question.attempts), Number(question.correct));
  (period?.edges ?? []).forEach((range, i) => addAttempts(reads.attempts[i] ?? [], range.sign));
  for (const lesson of reads.students) tallies.get(lesson.lesson_id)!.students = Number(lesson.students);
  return tallies;
}
