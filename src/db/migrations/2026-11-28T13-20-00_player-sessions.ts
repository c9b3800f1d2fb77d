import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Player sessions: what the live learner player (`/play/`) runs on. A session is one course for
 * one student (or for nobody, in a preview) in one workspace, opened by an LTI launch or the
 * console's Preview, until it expires. Only the SHA-256 of its bearer token is stored. `launch_id`
 * names the LTI launch that opened it (no foreign key: launches are another module's table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('player_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('launch_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('player_sessions_expires_idx').on('player_sessions').column('expires_at').execute();
  await db.schema.createIndex('player_sessions_course_idx').on('player_sessions').column('course_id').execute();
  await db.schema.createIndex('player_sessions_student_idx').on('player_sessions').column('student_id').execute();
}
