import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * LTI grades (AGS). `lti_grade_sends`: one row per score Lectern sends (or means to send) to a
 * platform's line item, with its delivery state, so that every send can be seen and a failed one
 * retried; a job of kind `lti_grade_send` (subject: the row's id) delivers it. `enrollments.score`:
 * the course score, kept with the enrollment whenever it is worked out (after a quiz attempt, at
 * completion); null until then. No foreign key to `lti_launches`' student or course: the launch's
 * own rows cascade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_grade_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('launch_id', 'text', (c) => c.notNull().references('lti_launches.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('lineitem_url', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('score_given', 'double precision', (c) => c.notNull())
    .addColumn('score_maximum', 'double precision', (c) => c.notNull())
    .addColumn('activity_progress', 'text', (c) => c.notNull())
    .addColumn('grading_progress', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_grade_sends_registration_idx').on('lti_grade_sends').columns(['registration_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('lti_grade_sends_line_idx').on('lti_grade_sends').columns(['registration_id', 'lineitem_url', 'user_id', 'status']).execute();
  await db.schema.createIndex('lti_grade_sends_student_idx').on('lti_grade_sends').columns(['student_id', 'course_id']).execute();

  await db.schema.alterTable('enrollments').addColumn('score', 'double precision').execute();
}
