import { type Kysely, sql } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB } from '../../db/types.js';
import { completionBucket, dayOf } from './analytics-days.js';
import { lockRollups } from './analytics-rollups.js';

/**
 * Rebuilds a course's rollups from its rows (enrollments, lesson progress, quiz attempts) unless
 * they are live, in one transaction that holds the rollups row: writes of the course wait
 * meanwhile, so nothing is missed or counted twice. Costs a scan of the course's rows (seconds per
 * 100,000 enrollments). It is also the oracle of the rollups kept by the writes
 * (analytics-rollups.ts): the tests compare the two.
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

/** The day rollups from the course's rows, then each whole-history rollup as the sum of its days. */
async function rebuild(trx: Kysely<DB>, workspaceId: string, courseId: string): Promise<void> {
  await lockForUpdate(trx, trx.selectFrom('course_rollups').select('ready').where('course_id', '=', courseId)).execute();
  for (const table of ROLLUP_TABLES) await trx.deleteFrom(table).where('course_id', '=', courseId).execute();

  await sql`insert into course_enrollment_days (course_id, day, active, completed, cancelled)
    select ${courseId}, substr(enrolled_at, 1, 10), sum(case when status = 'active' then 1 else 0 end),
      sum(case when status = 'completed' then 1 else 0 end), sum(case when status = 'cancelled' then 1 else 0 end)
    from enrollments where workspace_id = ${workspaceId} and course_id = ${courseId} group by substr(enrolled_at, 1, 10)`.execute(trx);
  await trx.updateTable('course_rollups').set({ ready: 1, version: sql<number>`version + 1` }).where('course_id', '=', courseId).execute();

  const completedPerStudent = trx
    .selectFrom('lesson_progress')
    .select(['student_id', (eb) => eb.fn.countAll<number>().as('lessons_completed')])
    .where('workspace_id', '=', workspaceId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'completed')
    .groupBy('student_id')
    .as('completed_per_student');
  await sql`insert into course_progress_days (course_id, day, lessons_completed, enrollments)
    select ${courseId}, day, lessons_completed, count(*) from (
      select substr(enrollments.enrolled_at, 1, 10) as day, coalesce(completed_per_student.lessons_completed, 0) as lessons_completed from enrollments
      left join ${completedPerStudent} on completed_per_student.student_id = enrollments.student_id
      where enrollments.workspace_id = ${workspaceId} and enrollments.course_id = ${courseId} and enrollments.status <> 'cancelled'
    ) per_enrollment group by day, lessons_completed`.execute(trx);
  await sql`insert into course_progress_buckets (course_id, lessons_completed, enrollments)
    select course_id, lessons_completed, sum(enrollments) from course_progress_days where course_id = ${courseId} group by course_id, lessons_completed`.execute(trx);

  // Times to complete are bucketed here (the bucket is integer arithmetic the databases do not share).
  const completions = new Map<string, { day: string; bucket: number; enrollments: number }>();
  await forEachBatch(
    (after, limit) =>
      trx
        .selectFrom('enrollments')
        .select(['id', 'enrolled_at', 'time_to_complete_ms'])
        .where('workspace_id', '=', workspaceId)
        .where('course_id', '=', courseId)
        .where('status', '=', 'completed')
        .where('time_to_complete_ms', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (row) => {
      const day = dayOf(row.enrolled_at);
      const bucket = completionBucket(Number(row.time_to_complete_ms));
      const entry = completions.get(`${day} ${bucket}`) ?? { day, bucket, enrollments: 0 };
      entry.enrollments += 1;
      completions.set(`${day} ${bucket}`, entry);
    },
  );
  const completionRows = [...completions.values()].map((completion) => ({ ...completion, course_id: courseId }));
  await inBatches(completionRows, (batch) => trx.insertInto('course_completion_days').values(batch).execute());
  await sql`insert into course_completion_buckets (course_id, bucket, enrollments)
    select course_id, bucket, sum(enrollments) from course_completion_days where course_id = ${courseId} group by course_id, bucket`.execute(trx);

  await sql`insert into course_activity_days (course_id, day, enrollments)
    select ${courseId}, substr(last_activity_at, 1, 10), count(*) from enrollments
    where workspace_id = ${workspaceId} and course_id = ${courseId} and last_activity_at is not null group by substr(last_activity_at, 1, 10)`.execute(trx);

  await sql`insert into lesson_days (lesson_id, course_id, day, started, completed, attempts, passed, score_sum)
    select lesson_id, ${courseId}, day, sum(started), sum(completed), sum(attempts), sum(passed), sum(score_sum) from (
      select lesson_id, substr(started_at, 1, 10) as day, 1 as started, 0 as completed, 0 as attempts, 0 as passed, 0 as score_sum
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
      (select count(distinct attempt.student_id) from quiz_attempts attempt where attempt.workspace_id = ${workspaceId} and attempt.lesson_id = lesson_days.lesson_id),
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
    (after, limit) =>
      trx
        .selectFrom('quiz_attempts')
        .select(['id', 'lesson_id', 'created_at', 'results'])
        .where('workspace_id', '=', workspaceId)
        .where('course_id', '=', courseId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (row) => {
      const day = dayOf(row.created_at);
      for (const graded of JSON.parse(row.results) as { question_id: string; correct: boolean }[]) {
        const key = `${row.lesson_id} ${day} ${graded.question_id}`;
        const entry = questions.get(key) ?? { lesson_id: row.lesson_id, day, question_id: graded.question_id, attempts: 0, correct: 0 };
        entry.attempts += 1;
        entry.correct += graded.correct ? 1 : 0;
        questions.set(key, entry);
      }
    },
  );
  const questionRows = [...questions.values()].map((question) => ({ ...question, course_id: courseId }));
  await inBatches(questionRows, (batch) => trx.insertInto('quiz_question_days').values(batch).execute());
  await sql`insert into quiz_question_rollups (lesson_id, course_id, question_id, attempts, correct)
    select lesson_id, course_id, question_id, sum(attempts), sum(correct) from quiz_question_days
    where course_id = ${courseId} group by lesson_id, course_id, question_id`.execute(trx);
}

/** Runs `each` over every row `page` reads, a page of 5,000 at a time: the rows after `after` in id order. */
async function forEachBatch<R extends { id: string }>(page: (after: string, limit: number) => Promise<R[]>, each: (row: R) => void): Promise<void> {
  for (let after = ''; ; ) {
    const rows = await page(after, 5_000);
    rows.forEach(each);
    if (rows.length < 5_000) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Writes rows 500 at a time, within both databases' limits on bound parameters. */
async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500));
}
