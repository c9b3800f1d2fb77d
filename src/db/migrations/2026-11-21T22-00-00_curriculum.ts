import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('modules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // 0-based and dense within the course; kept so by the service, one transaction per change.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('modules_course_position_idx').on('modules').columns(['course_id', 'position', 'id']).execute();
  await db.schema.createIndex('modules_workspace_idx').on('modules').columns(['workspace_id', 'id']).execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text')
    .addColumn('duration_seconds', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    // JSON of {passing_score, questions} for quiz lessons, answers included; null otherwise.
    .addColumn('quiz', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lessons_module_position_idx').on('lessons').columns(['module_id', 'position', 'id']).execute();
  await db.schema.createIndex('lessons_course_idx').on('lessons').columns(['course_id', 'id']).execute();
}
