import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, EnrollmentStatus } from '../../db/types.js';
import { completionBucket, dayOf } from './analytics-days.js';

/**
 * The write side of analytics: per-course rollups changed in the transaction of each write
 * (enrollment, progress, quiz attempt), each kept for the whole history and per UTC day (of the
 * timestamp the figure is restricted by), so the whole history reads a few small rows and a period
 * the rows of its days (docs/analytics.md, "How the figures stay fast"). Each helper below changes
 * both, so they cannot drift apart.
 *
 * Every change first upserts the course's `course_rollups` row: that locks it (PostgreSQL), so a
 * rebuild, which locks the same row before reading raw rows, never misses a write nor counts one
 * twice. While `ready` is 0 the rollups are stale and changes leave them alone; the next read
 * rebuilds them from the raw rows. Rare writes that would need many rows changed (erasing a
 * student, deleting lessons) mark the course stale instead.
 */

/** Locks the course's rollups row (creating it stale if missing); true when the rollups are live. */
async function lockRollups(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<boolean> {
  const row = await trx
    .insertInto('course_rollups')
    .values({ course_id: courseId, workspace_id: workspaceId, ready: 0 })
    // Every change to the rollups starts here: the version moves with it, in its transaction.
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ ready: sql<number>`course_rollups.ready`, version: sql<number>`course_rollups.version + 1` }))
    .returning('ready')
    .executeTakeFirstOrThrow();
  return Number(row.ready) === 1;
}

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

/** Enrollments not cancelled by lessons completed, in all and per day of enrolled_at: `n` more with `k` completed, per change. */
async function addProgress(trx: Kysely<DB>, courseId: string, enrolledAt: string, changes: { k: number; n: number }[]): Promise<void> {
  await trx
    .insertInto('course_progress_buckets')
    .values(changes.map((c) => ({ course_id: courseId, lessons_completed: c.k, enrollments: c.n })))
    .onConflict((oc) => oc.columns(['course_id', 'lessons_completed']).doUpdateSet({ enrollments: sql<number>`course_progress_buckets.enrollments + excluded.enrollments` }))
    .execute();
  await trx
    .insertInto('course_progress_days')
    .values(changes.map((c) => ({ course_id: courseId, day: dayOf(enrolledAt), lessons_completed: c.k, enrollments: c.n })))
    .onConflict((oc) => oc.columns(['course_id', 'day', 'lessons_completed']).doUpdateSet({ enrollments: sql<number>`course_progress_days.enrollments + excluded.enrollments` }))
    .execute();
}

/** Completed enrollments by bucket of time to complete, in all and per day of enrolled_at. */
async function addCompletion(trx: Kysely<DB>, courseId: string, enrolledAt: string, timeToCompleteMs: number, n: number): Promise<void> {
  const bucket = completionBucket(timeToCompleteMs);
  await trx
    .insertInto('course_completion_buckets')
    .values({ course_id: courseId, bucket, enrollments: n })
    .onConflict((oc) => oc.columns(['course_id', 'bucket']).doUpdateSet({ enrollments: sql<number>`course_completion_buckets.enrollments + excluded.enrollments` }))
    .execute();
  await trx
    .insertInto('course_completion_days')
    .values({ course_id: courseId, day: dayOf(enrolledAt), bucket, enrollments: n })
    .onConflict((oc) => oc.columns(['course_id', 'day', 'bucket']).doUpdateSet({ enrollments: sql<number>`course_completion_days.enrollments + excluded.enrollments` }))
    .execute();
}

/** Enrollments by day of their last activity: one moves from the day of `previous` (if any) to the day of `at`. */
async function moveActivity(trx: Kysely<DB>, courseId: string, previous: string | null, at: string): Promise<void> {
  const changes = [...(previous === null ? [] : [{ day: dayOf(previous), n: -1 }]), { day: dayOf(at), n: 1 }];
  await trx
    .insertInto('course_activity_days')
    .values(changes.map((c) => ({ course_id: courseId, day: c.day, enrollments: c.n })))
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
async function addLesson(trx: Kysely<DB>, courseId: string, lessonId: string, at: string, d: LessonDeltas): Promise<void> {
  const values = { started: d.started ?? 0, completed: d.completed ?? 0, attempts: d.attempts ?? 0, passed: d.passed ?? 0, score_sum: d.score_sum ?? 0 };
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
    .values({ lesson_id: lessonId, course_id: courseId, attempt_students: d.attempt_students ?? 0, ...values })
    .onConflict((oc) => oc.column('lesson_id').doUpdateSet({ ...sums('lesson_rollups'), attempt_students: add('lesson_rollups', 'attempt_students') }))
    .execute();
  await trx
    .insertInto('lesson_days')
    .values({ lesson_id: lessonId, course_id: courseId, day: dayOf(at), ...values })
    .onConflict((oc) => oc.columns(['lesson_id', 'day']).doUpdateSet(sums('lesson_days')))
    .execute();
}

/** A new enrollment (active, no lessons completed yet unless the student had progress). */
export async function enrollmentCreated(trx: Kysely<DB>, workspaceId: string, courseId: string, enrolledAt: string, lessonsCompleted: number): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, enrolledAt, { active: 1 });
  await addProgress(trx, courseId, enrolledAt, [{ k: lessonsCompleted, n: 1 }]);
}

/** A cancelled enrollment made active again: enrolled_at moves to the new day. */
export async function enrollmentReactivated(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  previousEnrolledAt: string,
  enrolledAt: string,
  lessonsCompleted: number,
): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, previousEnrolledAt, { cancelled: -1 });
  await addStatuses(trx, courseId, enrolledAt, { active: 1 });
  await addProgress(trx, courseId, enrolledAt, [{ k: lessonsCompleted, n: 1 }]);
}

/** An active or completed enrollment cancelled; `before` is the enrollment as it was. */
export async function enrollmentCancelled(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  before: { status: EnrollmentStatus; enrolledAt: string; lessonsCompleted: number; timeToCompleteMs: number | null },
): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, before.enrolledAt, { [before.status]: -1, cancelled: 1 });
  await addProgress(trx, courseId, before.enrolledAt, [{ k: before.lessonsCompleted, n: -1 }]);
  if (before.status === 'completed' && before.timeToCompleteMs !== null) await addCompletion(trx, courseId, before.enrolledAt, before.timeToCompleteMs, -1);
}

export async function enrollmentCompleted(trx: Kysely<DB>, workspaceId: string, courseId: string, enrolledAt: string, timeToCompleteMs: number): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, enrolledAt, { active: -1, completed: 1 });
  await addCompletion(trx, courseId, enrolledAt, timeToCompleteMs, 1);
}

/**
 * Activity on a lesson at `at`: `firstActivity` when the student had no progress row for it (its
 * started_at is `at`), `firstCompletion` when it became completed now (completed_at is `at`).
 * `lessonsCompleted` is the student's count in the course after this write; `enrolledAt` and
 * `previousActivityAt` their enrollment's (not cancelled: activity needs one) before it. Most
 * repeated activity changes no rollup (same lesson, same day), and then locks nothing.
 */
export async function lessonActivity(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  lessonId: string,
  change: { at: string; previousActivityAt: string | null; enrolledAt: string; firstActivity: boolean; firstCompletion: boolean; lessonsCompleted: number },
): Promise<void> {
  const newActivityDay = change.previousActivityAt === null || dayOf(change.previousActivityAt) !== dayOf(change.at);
  if (!change.firstActivity && !change.firstCompletion && !newActivityDay) return;
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  if (newActivityDay) await moveActivity(trx, courseId, change.previousActivityAt, change.at);
  if (change.firstActivity || change.firstCompletion) {
    await addLesson(trx, courseId, lessonId, change.at, { started: change.firstActivity ? 1 : 0, completed: change.firstCompletion ? 1 : 0 });
  }
  if (change.firstCompletion) {
    await addProgress(trx, courseId, change.enrolledAt, [
      { k: change.lessonsCompleted - 1, n: -1 },
      { k: change.lessonsCompleted, n: 1 },
    ]);
  }
}

export async function quizAttempted(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  lessonId: string,
  attempt: { at: string; score: number; passed: boolean; firstOfStudent: boolean; perQuestion: { question_id: string; correct: boolean }[] },
): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
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
  const rows = attempt.perQuestion.map((q) => ({ lesson_id: lessonId, course_id: courseId, question_id: q.question_id, attempts: 1, correct: q.correct ? 1 : 0 }));
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
    .values(rows.map((r) => ({ ...r, day })))
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'day', 'question_id']).doUpdateSet({
        attempts: sql<number>`quiz_question_days.attempts + 1`,
        correct: sql<number>`quiz_question_days.correct + excluded.correct`,
      }),
    )
    .execute();
}

/** Marks courses' rollups stale (rebuilt on the next read). Ids sorted: locks are taken in one order. */
export async function markStale(trx: Kysely<DB>, courseIds: string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await trx.updateTable('course_rollups').set({ ready: 0, version: sql<number>`version + 1` }).where('course_id', '=', courseId).execute();
  }
}

/**
 * Rebuilds a course's rollups from its raw rows unless they are live, in one transaction that
 * holds the rollups row: writes of the course wait meanwhile, so nothing is missed or counted twice.
 * Costs a scan of the course's rows (seconds per 100,000 enrollments).
 */
export async function ensureRollups(db: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  const live = await db.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId).executeTakeFirst();
  if (live && Number(live.ready) === 1) return;
  await db.transaction().execute(async (trx) => {
    if (await lockRollups(trx, workspaceId, courseId)) return;
    await rebuild(trx, workspaceId, courseId);
  });
}

const ROLLUP_TABLES = [
  'course_enrollment_days',
  'course_progress_buckets',
  'course_progress_days',
  'course_completion_buckets',
  'course_completion_days',
  'course_activity_days',
  'lesson_rollups',
  'lesson_days',
  'quiz_score_counts',
  'quiz_score_days',
  'quiz_question_rollups',
  'quiz_question_days',
] as const;

/** The day rollups from the raw rows, then each whole-history rollup as the sum of its days. */
async function rebuild(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  await lockForUpdate(trx, trx.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId)).execute();
  for (const table of ROLLUP_TABLES) await trx.deleteFrom(table).where('course_id', '=', courseId).execute();

  await sql`insert into course_enrollment_days (course_id, day, active, completed, cancelled)
    select ${courseId}, substr(enrolled_at, 1, 10), sum(case when status = 'active' then 1 else 0 end),
      sum(case when status = 'completed' then 1 else 0 end), sum(case when status = 'cancelled' then 1 else 0 end)
    from enrollments where workspace_id = ${workspaceId} and course_id = ${courseId} group by substr(enrolled_at, 1, 10)`.execute(trx);
  await trx.updateTable('course_rollups').set({ ready: 1, version: sql<number>`version + 1` }).where('course_id', '=', courseId).execute();

  const completedOf = trx
    .selectFrom('lesson_progress')
    .select(['student_id', (eb) => eb.fn.countAll<number>().as('k')])
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'completed')
    .groupBy('student_id')
    .as('done');
  await sql`insert into course_progress_days (course_id, day, lessons_completed, enrollments)
    select ${courseId}, day, k, count(*) from (
      select substr(enrollments.enrolled_at, 1, 10) as day, coalesce(done.k, 0) as k from enrollments
      left join ${completedOf} on done.student_id = enrollments.student_id
      where enrollments.workspace_id = ${workspaceId} and enrollments.course_id = ${courseId} and enrollments.status <> 'cancelled'
    ) per_enrollment group by day, k`.execute(trx);
  await sql`insert into course_progress_buckets (course_id, lessons_completed, enrollments)
    select course_id, lessons_completed, sum(enrollments) from course_progress_days where course_id = ${courseId} group by course_id, lessons_completed`.execute(trx);

  // Times to complete are bucketed here (the bucket is integer arithmetic the databases do not share).
  const completions = new Map<string, { day: string; bucket: number; enrollments: number }>();
  await forEachBatch(
    trx
      .selectFrom('enrollments')
      .select(['id', 'enrolled_at', 'time_to_complete_ms'])
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where('status', '=', 'completed')
      .where('time_to_complete_ms', 'is not', null),
    'enrollments.id',
    (row) => {
      const day = dayOf(row.enrolled_at);
      const bucket = completionBucket(Number(row.time_to_complete_ms));
      const entry = completions.get(`${day} ${bucket}`) ?? { day, bucket, enrollments: 0 };
      entry.enrollments += 1;
      completions.set(`${day} ${bucket}`, entry);
    },
  );
  await insertAll(trx, 'course_completion_days', [...completions.values()].map((c) => ({ ...c, course_id: courseId })));
  await sql`insert into course_completion_buckets (course_id, bucket, enrollments)
    select course_id, bucket, sum(enrollments) from course_completion_days where course_id = ${courseId} group by course_id, bucket`.execute(trx);

  await sql`insert into course_activity_days (course_id, day, enrollments)
    select ${courseId}, substr(last_activity_at, 1, 10), count(*) from enrollments
    where workspace_id = ${workspaceId} and course_id = ${courseId} and last_activity_at is not null group by substr(last_activity_at, 1, 10)`.execute(trx);

  await sql`insert into lesson_days (lesson_id, course_id, day, started, completed, attempts, passed, score_sum)
    select lesson_id, ${courseId}, day, sum(started), sum(completed), sum(attempts), sum(passed), sum(score) from (
      select lesson_id, substr(started_at, 1, 10) as day, 1 as started, 0 as completed, 0 as attempts, 0 as passed, 0 as score
        from lesson_progress where workspace_id = ${workspaceId} and course_id = ${courseId}
      union all
      select lesson_id, substr(completed_at, 1, 10), 0, 1, 0, 0, 0
        from lesson_progress where workspace_id = ${workspaceId} and course_id = ${courseId} and completed_at is not null
      union all
      select lesson_id, substr(created_at, 1, 10), 0, 0, 1, passed, score
        from quiz_attempts where workspace_id = ${workspaceId} and course_id = ${courseId}
    ) activity group by lesson_id, day`.execute(trx);
  await sql`insert into lesson_rollups (lesson_id, course_id, started, completed, attempts, attempt_students, passed, score_sum)
    select lesson_id, course_id, sum(started), sum(completed), sum(attempts),
      (select count(distinct a.student_id) from quiz_attempts a where a.workspace_id = ${workspaceId} and a.lesson_id = lesson_days.lesson_id),
      sum(passed), sum(score_sum)
    from lesson_days where course_id = ${courseId} group by lesson_id, course_id`.execute(trx);

  await sql`insert into quiz_score_days (lesson_id, course_id, day, score, attempts)
    select lesson_id, ${courseId}, substr(created_at, 1, 10), score, count(*) from quiz_attempts
    where workspace_id = ${workspaceId} and course_id = ${courseId} group by lesson_id, substr(created_at, 1, 10), score`.execute(trx);
  await sql`insert into quiz_score_counts (lesson_id, course_id, score, attempts)
    select lesson_id, course_id, score, sum(attempts) from quiz_score_days where course_id = ${courseId} group by lesson_id, course_id, score`.execute(trx);

  // Per question: the graded results are JSON, read here a batch at a time (portable, and rare).
  const questions = new Map<string, { lesson_id: string; day: string; question_id: string; attempts: number; correct: number }>();
  await forEachBatch(
    trx.selectFrom('quiz_attempts').select(['id', 'lesson_id', 'created_at', 'results']).where('workspace_id', '=', workspaceId).where('course_id', '=', courseId),
    'quiz_attempts.id',
    (row) => {
      const day = dayOf(row.created_at);
      for (const r of JSON.parse(row.results) as { question_id: string; correct: boolean }[]) {
        const key = `${row.lesson_id} ${day} ${r.question_id}`;
        const entry = questions.get(key) ?? { lesson_id: row.lesson_id, day, question_id: r.question_id, attempts: 0, correct: 0 };
        entry.attempts += 1;
        entry.correct += r.correct ? 1 : 0;
        questions.set(key, entry);
      }
    },
  );
  await insertAll(trx, 'quiz_question_days', [...questions.values()].map((q) => ({ ...q, course_id: courseId })));
  await sql`insert into quiz_question_rollups (lesson_id, course_id, question_id, attempts, correct)
    select lesson_id, course_id, question_id, sum(attempts), sum(correct) from quiz_question_days
    where course_id = ${courseId} group by lesson_id, course_id, question_id`.execute(trx);
}

/** Runs `each` over every row of `query`, read in batches of 5,000 in `idColumn` order. */
async function forEachBatch<R extends { id: string }>(
  query: SelectQueryBuilder<DB, any, R>,
  idColumn: 'enrollments.id' | 'quiz_attempts.id',
  each: (row: R) => void,
): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await query.where(idColumn, '>', after).orderBy(idColumn).limit(5_000).execute();
    rows.forEach(each);
    if (rows.length < 5_000) return;
    after = rows[rows.length - 1]!.id;
  }
}

async function insertAll<T extends 'course_completion_days' | 'quiz_question_days'>(trx: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto(table).values(rows.slice(i, i + 500) as any).execute();
}
