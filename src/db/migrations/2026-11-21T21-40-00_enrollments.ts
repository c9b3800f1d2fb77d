import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    // Deleting a student removes their enrollments in the service (keeping course counts exact);
    // deleting a course (force) takes its enrollments with it.
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enrollments_student_course_unique').on('enrollments').columns(['workspace_id', 'student_id', 'course_id']).unique().execute();
  await db.schema.createIndex('enrollments_course_idx').on('enrollments').columns(['workspace_id', 'course_id', 'created_at', 'id']).execute();
  for (const column of ['created_at', 'updated_at']) {
    await db.schema.createIndex(`enrollments_${column}_idx`).on('enrollments').columns(['workspace_id', column, 'id']).execute();
  }
}
