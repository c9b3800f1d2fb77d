import { type Kysely, sql } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, EnrollmentStatus } from '../../db/types.js';

/**
 * The write side of analytics: per-course rollups changed in the transaction of each write
 * (enrollment, progress, quiz attempt), so the whole-history figures read a few small rows
 * (docs/analytics.md, "How the figures stay fast").
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
    .values({ course_id: courseId, workspace_id: workspaceId, ready: 0, active: 0, completed: 0, cancelled: 0 })
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ ready: sql<number>`course_rollups.ready` }))
    .returning('ready')
    .executeTakeFirstOrThrow();
  return Number(row.ready) === 1;
}

type StatusDeltas = Partial<Record<EnrollmentStatus, number>>;

async function addStatuses(trx: Kysely<DB>, courseId: string, deltas: StatusDeltas): Promise<void> {
  await trx
    .updateTable('course_rollups')
    .set({
      active: sql<number>`active + ${deltas.active ?? 0}`,
      completed: sql<number>`completed + ${deltas.completed ?? 0}`,
      cancelled: sql<number>`cancelled + ${deltas.cancelled ?? 0}`,
    })
    .where('course_id', '=', courseId)
    .execute();
}

async function addBucket(trx: Kysely<DB>, courseId: string, lessonsCompleted: number, n: number): Promise<void> {
  await trx
    .insertInto('course_progress_buckets')
    .values({ course_id: courseId, lessons_completed: lessonsCompleted, enrollments: n })
    .onConflict((oc) => oc.columns(['course_id', 'lessons_completed']).doUpdateSet({ enrollments: sql<number>`course_progress_buckets.enrollments + ${n}` }))
    .execute();
}

async function addDay(trx: Kysely<DB>, courseId: string, enrolledAt: string, n: number): Promise<void> {
  await trx
    .insertInto('course_enrollment_days')
    .values({ course_id: courseId, day: enrolledAt.slice(0, 10), enrollments: n })
    .onConflict((oc) => oc.columns(['course_id', 'day']).doUpdateSet({ enrollments: sql<number>`course_enrollment_days.enrollments + ${n}` }))
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

async function addLesson(trx: Kysely<DB>, courseId: string, lessonId: string, d: LessonDeltas): Promise<void> {
  const values = {
    started: d.started ?? 0,
    completed: d.completed ?? 0,
    attempts: d.attempts ?? 0,
    attempt_students: d.attempt_students ?? 0,
    passed: d.passed ?? 0,
    score_sum: d.score_sum ?? 0,
  };
  const add = (column: keyof typeof values) => sql<number>`lesson_rollups.${sql.ref(column)} + excluded.${sql.ref(column)}`;
  await trx
    .insertInto('lesson_rollups')
    .values({ lesson_id: lessonId, course_id: courseId, ...values })
    .onConflict((oc) =>
      oc.column('lesson_id').doUpdateSet({
        started: add('started'),
        completed: add('completed'),
        attempts: add('attempts'),
        attempt_students: add('attempt_students'),
        passed: add('passed'),
        score_sum: add('score_sum'),
      }),
    )
    .execute();
}

/** A new enrollment (active, no lessons completed yet unless the student had progress). */
export async function enrollmentCreated(trx: Kysely<DB>, workspaceId: string, courseId: string, enrolledAt: string, lessonsCompleted: number): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, { active: 1 });
  await addBucket(trx, courseId, lessonsCompleted, 1);
  await addDay(trx, courseId, enrolledAt, 1);
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
  await addStatuses(trx, courseId, { cancelled: -1, active: 1 });
  await addBucket(trx, courseId, lessonsCompleted, 1);
  await addDay(trx, courseId, previousEnrolledAt, -1);
  await addDay(trx, courseId, enrolledAt, 1);
}

export async function enrollmentCancelled(trx: Kysely<DB>, workspaceId: string, courseId: string, from: EnrollmentStatus, lessonsCompleted: number): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, { [from]: -1, cancelled: 1 });
  await addBucket(trx, courseId, lessonsCompleted, -1);
}

export async function enrollmentCompleted(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addStatuses(trx, courseId, { active: -1, completed: 1 });
}

/**
 * Activity on a lesson: `firstActivity` when the student had no progress row for it,
 * `firstCompletion` when it became completed now. `lessonsCompleted` is the student's count in
 * the course after this write (their enrollment is not cancelled: activity needs one).
 */
export async function lessonActivity(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  lessonId: string,
  change: { firstActivity: boolean; firstCompletion: boolean; lessonsCompleted: number },
): Promise<void> {
  if (!change.firstActivity && !change.firstCompletion) return;
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addLesson(trx, courseId, lessonId, { started: change.firstActivity ? 1 : 0, completed: change.firstCompletion ? 1 : 0 });
  if (change.firstCompletion) {
    await addBucket(trx, courseId, change.lessonsCompleted - 1, -1);
    await addBucket(trx, courseId, change.lessonsCompleted, 1);
  }
}

export async function quizAttempted(
  trx: Kysely<DB>,
  workspaceId: string,
  courseId: string,
  lessonId: string,
  attempt: { score: number; passed: boolean; firstOfStudent: boolean; perQuestion: { question_id: string; correct: boolean }[] },
): Promise<void> {
  if (!(await lockRollups(trx, workspaceId, courseId))) return;
  await addLesson(trx, courseId, lessonId, {
    attempts: 1,
    attempt_students: attempt.firstOfStudent ? 1 : 0,
    passed: attempt.passed ? 1 : 0,
    score_sum: attempt.score,
  });
  await trx
    .insertInto('quiz_score_counts')
    .values({ lesson_id: lessonId, course_id: courseId, score: attempt.score, attempts: 1 })
    .onConflict((oc) => oc.columns(['lesson_id', 'score']).doUpdateSet({ attempts: sql<number>`quiz_score_counts.attempts + 1` }))
    .execute();
  if (attempt.perQuestion.length === 0) return;
  // One statement for all questions (each appears once: grading answers per question of the quiz).
  await trx
    .insertInto('quiz_question_rollups')
    .values(attempt.perQuestion.map((q) => ({ lesson_id: lessonId, course_id: courseId, question_id: q.question_id, attempts: 1, correct: q.correct ? 1 : 0 })))
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'question_id']).doUpdateSet({
        attempts: sql<number>`quiz_question_rollups.attempts + 1`,
        correct: sql<number>`quiz_question_rollups.correct + excluded.correct`,
      }),
    )
    .execute();
}

/** Marks courses' rollups stale (rebuilt on the next read). Ids sorted: locks are taken in one order. */
export async function markStale(trx: Kysely<DB>, courseIds: string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await trx.updateTable('course_rollups').set({ ready: 0 }).where('course_id', '=', courseId).execute();
  }
}

/**
 * Rebuilds a course's rollups from its raw rows unless they are live, in one transaction that
 * holds the rollups row: writes of the course wait meanwhile, so nothing is missed or counted twice.
 * Costs a scan of the course's rows (about a second per 100,000 enrollments).
 */
export async function ensureRollups(db: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  const live = await db.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId).executeTakeFirst();
  if (live && Number(live.ready) === 1) return;
  await db.transaction().execute(async (trx) => {
    if (await lockRollups(trx, workspaceId, courseId)) return;
    await rebuild(trx, workspaceId, courseId);
  });
}

async function rebuild(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  await lockForUpdate(trx, trx.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId)).execute();
  for (const table of ['course_progress_buckets', 'course_enrollment_days', 'lesson_rollups', 'quiz_score_counts', 'quiz_question_rollups'] as const) {
    await trx.deleteFrom(table).where('course_id', '=', courseId).execute();
  }
  const statuses = await trx
    .selectFrom('enrollments')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .groupBy('status')
    .execute();
  const byStatus = (s: EnrollmentStatus) => Number(statuses.find((r) => r.status === s)?.n ?? 0);
  await trx
    .updateTable('course_rollups')
    .set({ ready: 1, active: byStatus('active'), completed: byStatus('completed'), cancelled: byStatus('cancelled') })
    .where('course_id', '=', courseId)
    .execute();

  const completedOf = trx
    .selectFrom('lesson_progress')
    .select(['student_id', (eb) => eb.fn.countAll<number>().as('k')])
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'completed')
    .groupBy('student_id')
    .as('done');
  await sql`insert into course_progress_buckets (course_id, lessons_completed, enrollments)
    select ${courseId}, k, count(*) from (
      select coalesce(done.k, 0) as k from enrollments
      left join ${completedOf} on done.student_id = enrollments.student_id
      where enrollments.workspace_id = ${workspaceId} and enrollments.course_id = ${courseId} and enrollments.status <> 'cancelled'
    ) per_enrollment group by k`.execute(trx);
  await sql`insert into course_enrollment_days (course_id, day, enrollments)
    select ${courseId}, substr(enrolled_at, 1, 10), count(*) from enrollments
    where workspace_id = ${workspaceId} and course_id = ${courseId} group by substr(enrolled_at, 1, 10)`.execute(trx);
  await sql`insert into lesson_rollups (lesson_id, course_id, started, completed, attempts, attempt_students, passed, score_sum)
    select lessons.id, ${courseId},
      (select count(*) from lesson_progress p where p.workspace_id = ${workspaceId} and p.course_id = ${courseId} and p.lesson_id = lessons.id),
      (select count(*) from lesson_progress p where p.workspace_id = ${workspaceId} and p.course_id = ${courseId} and p.lesson_id = lessons.id and p.status = 'completed'),
      (select count(*) from quiz_attempts a where a.workspace_id = ${workspaceId} and a.lesson_id = lessons.id),
      (select count(distinct a.student_id) from quiz_attempts a where a.workspace_id = ${workspaceId} and a.lesson_id = lessons.id),
      (select count(*) from quiz_attempts a where a.workspace_id = ${workspaceId} and a.lesson_id = lessons.id and a.passed = 1),
      (select coalesce(sum(a.score), 0) from quiz_attempts a where a.workspace_id = ${workspaceId} and a.lesson_id = lessons.id)
    from lessons where lessons.workspace_id = ${workspaceId} and lessons.course_id = ${courseId}`.execute(trx);
  await sql`insert into quiz_score_counts (lesson_id, course_id, score, attempts)
    select lesson_id, ${courseId}, score, count(*) from quiz_attempts
    where workspace_id = ${workspaceId} and course_id = ${courseId} group by lesson_id, score`.execute(trx);
  // Per question: the graded results are JSON, read here a batch at a time (portable, and rare).
  const questions = new Map<string, { lesson_id: string; question_id: string; attempts: number; correct: number }>();
  let after = '';
  for (;;) {
    const rows = await trx
      .selectFrom('quiz_attempts')
      .select(['id', 'lesson_id', 'results'])
      .where('workspace_id', '=', workspaceId)
      .where('course_id', '=', courseId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(5_000)
      .execute();
    for (const row of rows) {
      for (const r of JSON.parse(row.results) as { question_id: string; correct: boolean }[]) {
        const key = `${row.lesson_id} ${r.question_id}`;
        const entry = questions.get(key) ?? { lesson_id: row.lesson_id, question_id: r.question_id, attempts: 0, correct: 0 };
        entry.attempts += 1;
        entry.correct += r.correct ? 1 : 0;
        questions.set(key, entry);
      }
    }
    if (rows.length < 5_000) break;
    after = rows[rows.length - 1]!.id;
  }
  const entries = [...questions.values()].map((q) => ({ ...q, course_id: courseId }));
  for (let i = 0; i < entries.length; i += 500) await trx.insertInto('quiz_question_rollups').values(entries.slice(i, i + 500)).execute();
}
