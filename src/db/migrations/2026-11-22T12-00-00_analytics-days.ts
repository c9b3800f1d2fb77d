import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Analytics per UTC day (docs/analytics.md, "A period"): beside the whole-history rollups, the same
 * counts per course or quiz per day, so a period reads its whole days from a few rows and only its
 * partial edge days from raw rows. Every course's rollups are marked stale: the next analytics read
 * rebuilds them, day rollups included, from the raw rows (this migration computes none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Enrollments by the day of enrolled_at, now by current status (the total is their sum); the
  // whole history's counts are their sums too, so course_rollups keeps only its lock and `ready`.
  await db.schema.alterTable('course_enrollment_days').addColumn('active', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_enrollment_days').addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_enrollment_days').addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_enrollment_days').dropColumn('enrollments').execute();
  for (const column of ['active', 'completed', 'cancelled']) await db.schema.alterTable('course_rollups').dropColumn(column).execute();

  // Enrollments not cancelled, by the day of enrolled_at and lessons completed (average progress).
  await db.schema
    .createTable('course_progress_days')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('lessons_completed', 'integer', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_progress_days_pk', ['course_id', 'day', 'lessons_completed'])
    .execute();
  // Completed enrollments by a logarithmic bucket of their time to complete, in all and per day of
  // enrolled_at: the median is located in one bucket, then read exactly from the index below.
  await db.schema
    .createTable('course_completion_buckets')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_completion_buckets_pk', ['course_id', 'bucket'])
    .execute();
  await db.schema
    .createTable('course_completion_days')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_completion_days_pk', ['course_id', 'day', 'bucket'])
    .execute();
  // Enrollments by the day of their student's last activity in the course (active students up to now).
  await db.schema
    .createTable('course_activity_days')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('enrollments', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_activity_days_pk', ['course_id', 'day'])
    .execute();
  // Per lesson per day: students who started it (day of started_at), who completed it (day of
  // completed_at); for quizzes, attempts, passes and score sum (day of created_at).
  await db.schema
    .createTable('lesson_days')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('started', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_days_pk', ['lesson_id', 'day'])
    .execute();
  // A course's lessons over a range of days (a period's funnel): one index range, not every day of every lesson.
  await db.schema.createIndex('lesson_days_course_idx').on('lesson_days').columns(['course_id', 'day']).execute();
  // Quiz attempts per day by score (the median of a period).
  await db.schema
    .createTable('quiz_score_days')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_score_days_pk', ['lesson_id', 'day', 'score'])
    .execute();
  await db.schema.createIndex('quiz_score_days_course_idx').on('quiz_score_days').columns(['course_id']).execute();
  // Per quiz question per day: attempts that graded it, and right answers.
  await db.schema
    .createTable('quiz_question_days')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_question_days_pk', ['lesson_id', 'day', 'question_id'])
    .execute();
  await db.schema.createIndex('quiz_question_days_course_idx').on('quiz_question_days').columns(['course_id']).execute();

  // The median reads one bucket's times in order, filtered by enrolled_at (a period) from the index itself.
  await db.schema.dropIndex('enrollments_completion_idx').execute();
  await db.schema
    .createIndex('enrollments_completion_idx')
    .on('enrollments')
    .columns(['workspace_id', 'course_id', 'status', 'time_to_complete_ms', 'enrolled_at'])
    .execute();

  // Distinct students among a quiz's attempts of a period: counted from the index alone.
  await db.schema.dropIndex('quiz_attempts_lesson_idx').execute();
  await db.schema.createIndex('quiz_attempts_lesson_idx').on('quiz_attempts').columns(['workspace_id', 'lesson_id', 'created_at', 'student_id']).execute();

  await db.updateTable('course_rollups').set({ ready: 0 }).execute();
}
