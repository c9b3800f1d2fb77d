import { type Kysely, sql } from 'kysely';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import { completionBucket, dayOf } from './analytics-days.js';

/**
 * The write side of analytics: per-course rollups changed in the transaction of each write they
 * count, each kept for the whole history and per UTC day (of the timestamp the figure is
 * restricted by), so the whole history reads a few small rows and a period the rows of its days
 * (docs/analytics.md, "How the figures stay fast").
 *
 * A write says what it changed, once, by calling `recordAnalyticsChange` in its transaction with an
 * `AnalyticsChange`; which rollups that moves is decided here alone. A new kind of write that
 * changes what the figures count adds a variant to `AnalyticsChange` and its case below, and the
 * oracle test (test/http/analytics.test.ts: the rollups kept by the writes equal a rebuild from the
 * rows, analytics-rebuild.ts) says whether the two agree.
 */

/** What a write changed, as that write knows it. Times are ISO timestamps as stored. */
export type AnalyticsChange =
  /** A new enrollment: active, no lesson completed (enrollments.service). */
  | { kind: 'enrollment_created'; courseId: string; enrolledAt: string }
  /**
   * A cancelled enrollment made active again (enrollments.service): it moves from the day it was
   * enrolled on to the day of `enrolledAt`, with the lessons its student had completed.
   */
  | { kind: 'enrollment_reactivated'; courseId: string; previousEnrolledAt: string; enrolledAt: string; lessonsCompleted: number }
  /** An active or completed enrollment cancelled (enrollments.service), as it was before. */
  | { kind: 'enrollment_cancelled'; courseId: string; previous: { status: EnrollmentStatus; enrolledAt: string; lessonsCompleted: number; timeToCompleteMs: number | null } }
  | LessonActivity
  | QuizAttempted
  /** A student erased with everything recorded about them (students.service): the courses they were enrolled in. */
  | { kind: 'student_erased'; courseIds: string[] }
  /** A lesson, or a module with its lessons, deleted (lessons.service, modules.service): every enrollment's lessons completed may move. */
  | { kind: 'lessons_deleted'; courseId: string }
  /**
   * Enrollments of these courses created, reactivated or cancelled by an import chunk (imports):
   * rebuilt on the next read rather than moved a row at a time.
   */
  | { kind: 'enrollments_imported'; courseIds: string[] };

/** Activity recorded on a lesson (progress.service: a progress report, or the activity of a quiz attempt). */
export interface LessonActivity {
  kind: 'lesson_activity';
  courseId: string;
  lessonId: string;
  at: string;
  /** The student's enrollment (not cancelled: activity needs one): when it was enrolled, and its latest activity before this one. */
  enrolledAt: string;
  previousActivityAt: string | null;
  /** The student had no progress on the lesson before: its started_at is `at`. */
  firstActivity: boolean;
  /** The lesson became completed now: its completed_at is `at`. */
  firstCompletion: boolean;
  /** Lessons of the course the student has completed, this one included. */
  lessonsCompleted: number;
  /** When this activity completed the enrollment: its time to complete (ms); otherwise null. */
  courseCompletedAfterMs: number | null;
}

/** A graded quiz attempt stored (quiz-attempts.service). */
export interface QuizAttempted {
  kind: 'quiz_attempted';
  courseId: string;
  lessonId: string;
  at: string;
  score: number;
  passed: boolean;
  /** The student's first attempt at this quiz (counted in its distinct students). */
  firstOfStudent: boolean;
  perQuestion: { question_id: string; correct: boolean }[];
}

/**
 * Applies what a write changed to the rollups of its course, in the write's transaction. Call it
 * once per write, where the write happens.
 *
 * Every change to the rollups first upserts the course's `course_rollups` row: that locks it
 * (PostgreSQL), so a rebuild, which locks the same row before reading the rows, never misses a
 * write nor counts one twice, and it moves the row's version, at which the course's counts are
 * remembered (analytics-cache.ts). While `ready` is 0 the rollups are stale and changes leave them
 * alone; the next read rebuilds them. Writes that would change many rollup rows (erasing a
 * student, deleting lessons) mark the course stale instead.
 */
export async function recordAnalyticsChange(trx: Kysely<DB>, workspaceId: string, change: AnalyticsChange): Promise<void> {
  switch (change.kind) {
    case 'student_erased':
    case 'enrollments_imported':
      return markStale(trx, change.courseIds);
    case 'lessons_deleted':
      return markStale(trx, [change.courseId]);
    case 'lesson_activity':
      // Most repeated activity (same lesson, same day) changes no rollup, and then locks nothing.
      if (!changesRollups(change)) return;
  }
  if (!(await lockRollups(trx, workspaceId, change.courseId))) return;
  const courseId = change.courseId;
  switch (change.kind) {
    case 'enrollment_created':
      await addStatuses(trx, courseId, change.enrolledAt, { active: 1 });
      await addProgress(trx, courseId, change.enrolledAt, [{ lessonsCompleted: 0, enrollments: 1 }]);
      return;
    case 'enrollment_reactivated':
      await addStatuses(trx, courseId, change.previousEnrolledAt, { cancelled: -1 });
      await addStatuses(trx, courseId, change.enrolledAt, { active: 1 });
      await addProgress(trx, courseId, change.enrolledAt, [{ lessonsCompleted: change.lessonsCompleted, enrollments: 1 }]);
      return;
    case 'enrollment_cancelled': {
      const { previous } = change;
      await addStatuses(trx, courseId, previous.enrolledAt, { [previous.status]: -1, cancelled: 1 });
      await addProgress(trx, courseId, previous.enrolledAt, [{ lessonsCompleted: previous.lessonsCompleted, enrollments: -1 }]);
      if (previous.status === 'completed' && previous.timeToCompleteMs !== null) await addCompletion(trx, courseId, previous.enrolledAt, previous.timeToCompleteMs, -1);
      return;
    }
    case 'lesson_activity':
      return applyLessonActivity(trx, change);
    case 'quiz_attempted':
      return applyQuizAttempt(trx, change);
  }
}

/** Locks the course's rollups row (creating it stale if missing); true when the rollups are live. */
export async function lockRollups(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<boolean> {
  const row = await trx
    .insertInto('course_rollups')
    .values({ course_id: courseId, workspace_id: workspaceId, ready: 0 })
    // Every change to the rollups starts here: the row is locked, and the version (analytics-cache.ts) moves in the change's transaction.
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ ready: sql<number>`course_rollups.ready`, version: sql<number>`course_rollups.version + 1` }))
    .returning('ready')
    .executeTakeFirstOrThrow();
  return Number(row.ready) === 1;
}

/** Marks courses' rollups stale (rebuilt on the next read). Ids sorted: locks are taken in one order. */
async function markStale(trx: Kysely<DB>, courseIds: string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await trx.updateTable('course_rollups').set({ ready: 0, version: sql<number>`version + 1` }).where('course_id', '=', courseId).execute();
  }
}

const changesRollups = (activity: LessonActivity): boolean =>
  activity.firstActivity || activity.firstCompletion || activity.courseCompletedAfterMs !== null || startsActivityDay(activity);

/** The enrollment's latest activity moves to another day (or is its first). */
const startsActivityDay = (activity: LessonActivity): boolean => activity.previousActivityAt === null || dayOf(activity.previousActivityAt) !== dayOf(activity.at);

async function applyLessonActivity(trx: Kysely<DB>, activity: LessonActivity): Promise<void> {
  const { courseId, lessonId, at, enrolledAt } = activity;
  if (startsActivityDay(activity)) await moveActivity(trx, courseId, activity.previousActivityAt, at);
  if (activity.firstActivity || activity.firstCompletion) {
    await addLesson(trx, courseId, lessonId, at, { started: activity.firstActivity ? 1 : 0, completed: activity.firstCompletion ? 1 : 0 });
  }
  if (activity.firstCompletion) {
    await addProgress(trx, courseId, enrolledAt, [
      { lessonsCompleted: activity.lessonsCompleted - 1, enrollments: -1 },
      { lessonsCompleted: activity.lessonsCompleted, enrollments: 1 },
    ]);
  }
  if (activity.courseCompletedAfterMs !== null) {
    await addStatuses(trx, courseId, enrolledAt, { active: -1, completed: 1 });
    await addCompletion(trx, courseId, enrolledAt, activity.courseCompletedAfterMs, 1);
  }
}

async function applyQuizAttempt(trx: Kysely<DB>, attempt: QuizAttempted): Promise<void> {
  const { courseId, lessonId } = attempt;
  await addLesson(trx, courseId, lessonId, attempt.at, {
    attempts: 1,
    attempt_students: attempt.firstOfStudent ? 1 : 0,
    passed: attempt.passed ? 1 : 0,
    score_sum: attempt.score,
  });
  const day = dayOf(attempt.at);
  await trx
    .insertInto('quiz_score_counts')
    .values({ lesson_id: lessonId, course_id: courseId, score: attempt.score, attempts: 1 })
    .onConflict((oc) => oc.columns(['lesson_id', 'score']).doUpdateSet({ attempts: sql<number>`quiz_score_counts.attempts + 1` }))
    .execute();
  await trx
    .insertInto('quiz_score_days')
    .values({ lesson_id: lessonId, course_id: courseId, day, score: attempt.score, attempts: 1 })
    .onConflict((oc) => oc.columns(['lesson_id', 'day', 'score']).doUpdateSet({ attempts: sql<number>`quiz_score_days.attempts + 1` }))
    .execute();
  if (attempt.perQuestion.length === 0) return;
  // One statement per table for all questions (each appears once: grading answers per question of the quiz).
  const rows = attempt.perQuestion.map((graded) => ({ lesson_id: lessonId, course_id: courseId, question_id: graded.question_id, attempts: 1, correct: graded.correct ? 1 : 0 }));
  await trx
    .insertInto('quiz_question_rollups')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'question_id']).doUpdateSet({
        attempts: sql<number>`quiz_question_rollups.attempts + 1`,
        correct: sql<number>`quiz_question_rollups.correct + excluded.correct`,
      }),
    )
    .execute();
  await trx
    .insertInto('quiz_question_days')
    .values(rows.map((row) => ({ ...row, day })))
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'day', 'question_id']).doUpdateSet({
        attempts: sql<number>`quiz_question_days.attempts + 1`,
        correct: sql<number>`quiz_question_days.correct + excluded.correct`,
      }),
    )
    .execute();
}

// ---- each rollup, in all and per day: one helper per table pair, so the two cannot drift apart ----

type StatusDeltas = Partial<Record<EnrollmentStatus, number>>;

/** Enrollment counts by status on the day the enrollments were enrolled (the whole history reads every day: it answers them per day). */
async function addStatuses(trx: Kysely<DB>, courseId: string, enrolledAt: string, deltas: StatusDeltas): Promise<void> {
  const values = { active: deltas.active ?? 0, completed: deltas.completed ?? 0, cancelled: deltas.cancelled ?? 0 };
  await trx
    .insertInto('course_enrollment_days')
    .values({ course_id: courseId, day: dayOf(enrolledAt), ...values })
    .onConflict((oc) =>
      oc.columns(['course_id', 'day']).doUpdateSet({
        active: sql<number>`course_enrollment_days.active + excluded.active`,
        completed: sql<number>`course_enrollment_days.completed + excluded.completed`,
        cancelled: sql<number>`course_enrollment_days.cancelled + excluded.cancelled`,
      }),
    )
    .execute();
}

/** Enrollments not cancelled by lessons completed, in all and per day of enrolled_at: per change, `enrollments` more (or fewer) with `lessonsCompleted`. */
async function addProgress(trx: Kysely<DB>, courseId: string, enrolledAt: string, changes: { lessonsCompleted: number; enrollments: number }[]): Promise<void> {
  await trx
    .insertInto('course_progress_buckets')
    .values(changes.map((c) => ({ course_id: courseId, lessons_completed: c.lessonsCompleted, enrollments: c.enrollments })))
    .onConflict((oc) => oc.columns(['course_id', 'lessons_completed']).doUpdateSet({ enrollments: sql<number>`course_progress_buckets.enrollments + excluded.enrollments` }))
    .execute();
  await trx
    .insertInto('course_progress_days')
    .values(changes.map((c) => ({ course_id: courseId, day: dayOf(enrolledAt), lessons_completed: c.lessonsCompleted, enrollments: c.enrollments })))
    .onConflict((oc) => oc.columns(['course_id', 'day', 'lessons_completed']).doUpdateSet({ enrollments: sql<number>`course_progress_days.enrollments + excluded.enrollments` }))
    .execute();
}

/** Completed enrollments by bucket of time to complete, in all and per day of enrolled_at: `enrollments` more (or fewer). */
async function addCompletion(trx: Kysely<DB>, courseId: string, enrolledAt: string, timeToCompleteMs: number, enrollments: number): Promise<void> {
  const bucket = completionBucket(timeToCompleteMs);
  await trx
    .insertInto('course_completion_buckets')
    .values({ course_id: courseId, bucket, enrollments })
    .onConflict((oc) => oc.columns(['course_id', 'bucket']).doUpdateSet({ enrollments: sql<number>`course_completion_buckets.enrollments + excluded.enrollments` }))
    .execute();
  await trx
    .insertInto('course_completion_days')
    .values({ course_id: courseId, day: dayOf(enrolledAt), bucket, enrollments })
    .onConflict((oc) => oc.columns(['course_id', 'day', 'bucket']).doUpdateSet({ enrollments: sql<number>`course_completion_days.enrollments + excluded.enrollments` }))
    .execute();
}

/** Enrollments by day of their latest activity: one moves from the day of `previous` (if any) to the day of `at`. */
async function moveActivity(trx: Kysely<DB>, courseId: string, previous: string | null, at: string): Promise<void> {
  const changes = [...(previous === null ? [] : [{ day: dayOf(previous), enrollments: -1 }]), { day: dayOf(at), enrollments: 1 }];
  await trx
    .insertInto('course_activity_days')
    .values(changes.map((c) => ({ course_id: courseId, day: c.day, enrollments: c.enrollments })))
    .onConflict((oc) => oc.columns(['course_id', 'day']).doUpdateSet({ enrollments: sql<number>`course_activity_days.enrollments + excluded.enrollments` }))
    .execute();
}

interface LessonDeltas {
  started?: number;
  completed?: number;
  attempts?: number;
  attempt_students?: number;
  passed?: number;
  score_sum?: number;
}

/** A lesson's counts, in all and on the day of `at` (all but distinct quiz students, which a day cannot add up). */
async function addLesson(trx: Kysely<DB>, courseId: string, lessonId: string, at: string, deltas: LessonDeltas): Promise<void> {
  const values = { started: deltas.started ?? 0, completed: deltas.completed ?? 0, attempts: deltas.attempts ?? 0, passed: deltas.passed ?? 0, score_sum: deltas.score_sum ?? 0 };
  const add = (table: 'lesson_rollups' | 'lesson_days', column: keyof typeof values | 'attempt_students') =>
    sql<number>`${sql.ref(`${table}.${column}`)} + excluded.${sql.ref(column)}`;
  const sums = (table: 'lesson_rollups' | 'lesson_days') => ({
    started: add(table, 'started'),
    completed: add(table, 'completed'),
    attempts: add(table, 'attempts'),
    passed: add(table, 'passed'),
    score_sum: add(table, 'score_sum'),
  });
  await trx
    .insertInto('lesson_rollups')
    .values({ lesson_id: lessonId, course_id: courseId, attempt_students: deltas.attempt_students ?? 0, ...values })
    .onConflict((oc) => oc.column('lesson_id').doUpdateSet({ ...sums('lesson_rollups'), attempt_students: add('lesson_rollups', 'attempt_students') }))
    .execute();
  await trx
    .insertInto('lesson_days')
    .values({ lesson_id: lessonId, course_id: courseId, day: dayOf(at), ...values })
    .onConflict((oc) => oc.columns(['lesson_id', 'day']).doUpdateSet(sums('lesson_days')))
    .execute();
}
