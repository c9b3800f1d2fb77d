import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Analytics (docs/analytics.md). Two enrollment columns kept in the transaction of each write, and
 * per-course rollups that are rebuilt from the raw rows when missing (`ready = 0`), so this
 * migration backfills only the columns and never needs to compute a rollup.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  // The student's last activity in the course: "active students" is a range count on it.
  await db.schema.alterTable('enrollments').addColumn('last_activity_at', 'text').execute();
  // completed_at - enrolled_at of a completed enrollment: the median walks an index on it.
  await db.schema.alterTable('enrollments').addColumn('time_to_complete_ms', 'bigint').execute();
  await sql`update enrollments set last_activity_at = (
      select max(p.last_activity_at) from lesson_progress p
      where p.workspace_id = enrollments.workspace_id and p.student_id = enrollments.student_id and p.course_id = enrollments.course_id)`.execute(db);
  const duration = postgres
    ? sql`(extract(epoch from (completed_at::timestamptz - enrolled_at::timestamptz)) * 1000)::bigint`
    : sql`cast(round((julianday(completed_at) - julianday(enrolled_at)) * 86400000) as integer)`;
  await sql`update enrollments set time_to_complete_ms = ${duration} where status = 'completed' and completed_at is not null`.execute(db);
  await db.schema.createIndex('enrollments_activity_idx').on('enrollments').columns(['workspace_id', 'course_id', 'last_activity_at']).execute();
  await db.schema.createIndex('enrollments_completion_idx').on('enrollments').columns(['workspace_id', 'course_id', 'status', 'time_to_complete_ms']).execute();
  // Windowed course figures read the enrollments of a period in enrolled_at order.
  await db.schema.createIndex('enrollments_enrolled_idx').on('enrollments').columns(['workspace_id', 'course_id', 'enrolled_at']).execute();
  // Windowed funnel and quiz figures.
  await db.schema.createIndex('lesson_progress_started_idx').on('lesson_progress').columns(['workspace_id', 'course_id', 'started_at']).execute();
  await db.schema.createIndex('lesson_progress_completed_idx').on('lesson_progress').columns(['workspace_id', 'course_id', 'completed_at']).execute();
  await db.schema.createIndex('quiz_attempts_course_idx').on('quiz_attempts').columns(['workspace_id', 'course_id', 'created_at']).execute();
  await db.schema.createIndex('quiz_attempts_lesson_student_idx').on('quiz_attempts').columns(['workspace_id', 'lesson_id', 'student_id']).execute();

  // One row per course: enrollment counts by status; `ready` = 0 means the rollups of the course
  // are to be rebuilt from raw rows before they are read (new course, or after an erasure).
  await db.schema
    .createTable('course_rollups')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('ready', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('cancelled', 'integer', (c) => c.notNull())
    .execute();
  // Enrollments not cancelled, by how many lessons of the course they completed (average progress).
  await db.schema
    .createTable('course_progress_buckets')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lessons_completed', 'integer', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_progress_buckets_pk', ['course_id', 'lessons_completed'])
    .execute();
  // Enrollments by the UTC day of enrolled_at.
  await db.schema
    .createTable('course_enrollment_days')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_enrollment_days_pk', ['course_id', 'day'])
    .execute();
  // Per lesson: students who started / completed it; for quizzes, attempts and their scores.
  await db.schema
    .createTable('lesson_rollups')
    .addColumn('lesson_id', 'text', (c) => c.primaryKey().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('started', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('attempt_students', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_rollups_course_idx').on('lesson_rollups').columns(['course_id']).execute();
  // Quiz attempts by score (0..100): the median without reading the attempts.
  await db.schema
    .createTable('quiz_score_counts')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_score_counts_pk', ['lesson_id', 'score'])
    .execute();
  await db.schema.createIndex('quiz_score_counts_course_idx').on('quiz_score_counts').columns(['course_id']).execute();
  // Per quiz question: attempts that graded it, and how many got it right.
  await db.schema
    .createTable('quiz_question_rollups')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_question_rollups_pk', ['lesson_id', 'question_id'])
    .execute();
  await db.schema.createIndex('quiz_question_rollups_course_idx').on('quiz_question_rollups').columns(['course_id']).execute();
}
