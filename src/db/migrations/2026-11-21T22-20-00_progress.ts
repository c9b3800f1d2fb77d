import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lesson_progress')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('time_spent_seconds', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['workspace_id', 'student_id', 'lesson_id'])
    .execute();
  // Completed lessons of a student in a course: the enrollment's progress is counted from here.
  await db.schema.createIndex('lesson_progress_course_idx').on('lesson_progress').columns(['workspace_id', 'student_id', 'course_id', 'status']).execute();
  await db.schema.createIndex('lesson_progress_lesson_idx').on('lesson_progress').columns(['lesson_id']).execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quiz_attempts_lesson_idx').on('quiz_attempts').columns(['workspace_id', 'lesson_id', 'created_at']).execute();
  await db.schema.createIndex('quiz_attempts_student_idx').on('quiz_attempts').columns(['workspace_id', 'student_id', 'created_at']).execute();
}
